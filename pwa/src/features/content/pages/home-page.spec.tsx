import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders, testQueryClient } from '../../../test/render';
import { categories, products } from '../../../test/fixtures';
import HomePage from './home-page';

const testimonials = [
  { id: 1, name: 'Ava', content: 'Best cocoa ever', rating: 4.5 },
  { id: 2, name: 'Ben', content: 'Lovely', rating: 5 },
];

describe('HomePage', () => {
  it('shows the hero, three placeholders while loading, then featured products, flavours and testimonials', async () => {
    mockFetch({
      'GET /api/products/featured': { body: [...products, products[0]].map((p, i) => ({ ...p, id: i + 1 })) },
      'GET /api/categories': { body: categories },
      'GET /api/square/testimonials/featured': { body: testimonials },
    });
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Experience Cocoa Like Never Before' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'SHOP ONLINE' })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('link', { name: 'LIVE COCOA TRACKER' })).toHaveAttribute('href', '/cocoa-tracker');
    expect(screen.getAllByLabelText('Loading')[0].children).toHaveLength(3);
    expect(await screen.findByRole('link', { name: 'Classic Hot Cocoa' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3); // at most 3 featured
    expect(screen.getByRole('link', { name: 'VIEW ALL PRODUCTS' })).toHaveAttribute('href', '/products');
    expect(await screen.findByRole('link', { name: 'Hot Cocoa' })).toHaveAttribute('href', '/products?category=hot-cocoa');
    expect(await screen.findByText('“Best cocoa ever”')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' }).querySelectorAll('[data-star="half"]')).toHaveLength(1);
    for (const point of ['Premium Ingredients', 'Crafted with Care', 'Sustainably Produced']) expect(screen.getByText(point)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get in Touch' })).toHaveAttribute('href', '/contact');
  });

  it('shows the error, empty and fallback texts', async () => {
    mockFetch({
      'GET /api/products/featured': { status: 500, body: { message: 'boom' } },
      'GET /api/categories': { body: [] },
      'GET /api/square/testimonials/featured': { body: [] },
    });
    const client = testQueryClient();
    renderWithProviders(<HomePage />, { client });
    expect(await screen.findByText('Unable to load products. Please connect to the provider first.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('No testimonials available.')).toBeInTheDocument();
    for (const name of ['Signature Flavors', 'Classic Flavors', 'Holiday Flavors']) expect(screen.getByRole('link', { name })).toBeInTheDocument();
  });

  it('says when there are no featured products and when testimonials fail', async () => {
    mockFetch({
      'GET /api/products/featured': { body: [] },
      'GET /api/categories': { body: [] },
      'GET /api/square/testimonials/featured': { status: 503 },
    });
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('No featured products available.')).toBeInTheDocument();
    expect(await screen.findByText('Unable to load testimonials at this time.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
