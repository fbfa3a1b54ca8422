import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { categories, products } from '../../../test/fixtures';
import ProductsPage from './products-page';

describe('ProductsPage', () => {
  beforeEach(() => {
    mockFetch({
      'GET /api/square/catalog/products': { body: products },
      'GET /api/square/catalog/categories': { body: categories },
    });
  });

  it('shows 6 placeholders, then the list; the narrow-screen dropdown filters by the category query', async () => {
    renderWithProviders(<ProductsPage />, { route: '/products' });
    expect(screen.getByLabelText('Loading products').children).toHaveLength(6);
    expect(await screen.findByText('Classic Hot Cocoa')).toBeInTheDocument();
    const select = screen.getByLabelText('Select Category');
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.text)).toEqual(['All Products', 'Hot Cocoa', 'Iced Cocoa']);
    fireEvent.change(select, { target: { value: 'iced-cocoa' } });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/products?category=iced-cocoa'));
    expect(screen.queryByText('Classic Hot Cocoa')).not.toBeInTheDocument();
    expect(screen.getByText('Vanilla Iced Cocoa')).toBeInTheDocument();
  });

  it('reads the category from the URL and toggles to the grid', async () => {
    renderWithProviders(<ProductsPage />, { route: '/products?category=hot-cocoa' });
    expect(await screen.findByText('Peppermint Cocoa')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Vanilla Iced Cocoa')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Grid' }));
    expect(screen.getByTestId('product-grid')).toBeInTheDocument();
  });

  it('shows tabs on wide screens', async () => {
    const original = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...original(query), matches: query.includes('min-width: 768px') });
    renderWithProviders(<ProductsPage />, { route: '/products' });
    await screen.findByText('Classic Hot Cocoa');
    expect(screen.getByRole('tab', { name: 'All Products' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('tab', { name: 'Hot Cocoa' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Hot Cocoa' })).toHaveAttribute('aria-selected', 'true'));
    window.matchMedia = original;
  });
});
