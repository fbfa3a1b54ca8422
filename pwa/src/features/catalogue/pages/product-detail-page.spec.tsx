import { act, fireEvent, screen, within } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { categories, product } from '../../../test/fixtures';
import { useCartStore } from '../../cart/cart-store';
import { useCartDrawer } from '../../cart/cart-drawer-store';
import ProductDetailPage from './product-detail-page';

const cocoa = product({
  id: 7,
  name: 'Classic Dark Hot Cocoa',
  slug: 'classic-dark-hot-cocoa',
  price: 14.99,
  categoryId: 1,
  imageUrl: '/main.svg',
  hotImageUrl: '/bg.svg',
  icedImageUrl: '/iced.svg',
  shakeImageUrl: null,
  featuredImageUrl: '/featured.svg',
  backgroundImageUrl: '/bg.svg',
});

describe('ProductDetailPage', () => {
  beforeAll(() => useCartStore.getState().hydrate());
  beforeEach(() => {
    useCartStore.setState({ lines: [], count: 0 });
    useCartDrawer.getState().close();
  });

  it('shows the breadcrumb, the gallery in order without the background image, and adds once per unit', async () => {
    mockFetch({
      'GET /api/square/catalog/products/slug/classic-dark-hot-cocoa': { body: cocoa },
      'GET /api/square/catalog/categories': { body: categories },
    });
    renderWithProviders(<ProductDetailPage />, { route: '/products/classic-dark-hot-cocoa', path: '/products/:slug' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Classic Dark Hot Cocoa' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await within(crumbs).findByRole('link', { name: 'Hot Cocoa' })).toHaveAttribute('href', '/products?category=hot-cocoa');
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    // main, iced, featured: hot is the background image, shake is empty
    const thumbs = screen.getAllByRole('button', { name: /^(Main|Hot|Iced|Shake|Featured)$/ });
    expect(thumbs.map((b) => b.getAttribute('aria-label'))).toEqual(['Main', 'Iced', 'Featured']);
    expect(screen.getByText('$14.99')).toBeInTheDocument();
    expect(screen.getByText('In Stock')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'ADD TO CART' })));
    expect(useCartStore.getState().lines).toEqual([expect.objectContaining({ id: 7, quantity: 3, price: 14.99, slug: 'classic-dark-hot-cocoa' })]);
    expect(useCartDrawer.getState().isOpen).toBe(true);
  });

  it('hides the buying controls when out of stock', async () => {
    mockFetch({
      'GET /api/square/catalog/products/slug/classic-dark-hot-cocoa': { body: { ...cocoa, inStock: false } },
      'GET /api/square/catalog/categories': { status: 500 },
    });
    renderWithProviders(<ProductDetailPage />, { route: '/products/classic-dark-hot-cocoa', path: '/products/:slug' });
    expect(await screen.findByText('Out of Stock')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ADD TO CART' })).not.toBeInTheDocument();
    // without the categories the breadcrumb has no category link
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('link')).toHaveLength(2);
  });

  it("shows 'Product Not Found' for an unknown slug", async () => {
    mockFetch({ 'GET /api/square/catalog/categories': { body: categories } });
    renderWithProviders(<ProductDetailPage />, { route: '/products/nope', path: '/products/:slug' });
    expect(await screen.findByRole('heading', { name: 'Product Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse All Products' })).toHaveAttribute('href', '/products');
  });
});
