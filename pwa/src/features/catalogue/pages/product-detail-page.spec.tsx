import { act, fireEvent, screen, within } from '@testing-library/react';
import { fakeResponse, mockFetch, renderWithProviders, testQueryClient } from '../../../test/render';
import { categories, product } from '../../../test/fixtures';
import { productsQueryOptions } from '../api/products';
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

  it('tells how many are left while the product runs low, and can still be bought', async () => {
    mockFetch({
      'GET /api/square/catalog/products/slug/classic-dark-hot-cocoa': { body: { ...cocoa, onlyLeft: 2 } },
      'GET /api/square/catalog/categories': { body: categories },
    });
    renderWithProviders(<ProductDetailPage />, { route: '/products/classic-dark-hot-cocoa', path: '/products/:slug' });
    expect(await screen.findByText('· Only 2 left')).toBeInTheDocument();
    expect(screen.getByText('In Stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
  });

  it("shows 'Product Not Found' for an unknown slug", async () => {
    mockFetch({ 'GET /api/square/catalog/categories': { body: categories } });
    renderWithProviders(<ProductDetailPage />, { route: '/products/nope', path: '/products/:slug' });
    expect(await screen.findByRole('heading', { name: 'Product Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse All Products' })).toHaveAttribute('href', '/products');
  });

  describe('without an answer from the server', () => {
    let online = true;
    const goOffline = () => {
      online = false;
      act(() => void window.dispatchEvent(new Event('offline')));
    };
    const goOnline = () => {
      online = true;
      act(() => void window.dispatchEvent(new Event('online')));
    };
    beforeEach(() => jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online));
    afterEach(() => {
      goOnline();
      jest.restoreAllMocks();
    });
    const networkDown = () => {
      global.fetch = jest.fn(async () => {
        throw new TypeError('Failed to fetch');
      });
    };

    it('opens a product of the cached catalogue list although its page was never visited', async () => {
      const client = testQueryClient();
      client.setQueryData(productsQueryOptions.queryKey, [product({ id: 8, name: 'Iced Mocha Cocoa', categoryId: 2 }), cocoa]);
      networkDown();
      goOffline();
      renderWithProviders(<ProductDetailPage />, { route: '/products/classic-dark-hot-cocoa', path: '/products/:slug', client });
      expect(await screen.findByRole('heading', { level: 1, name: 'Classic Dark Hot Cocoa' })).toBeInTheDocument();
      expect(screen.getByText('$14.99')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
      expect(screen.queryByText('Product Not Found')).not.toBeInTheDocument();
    });

    it("says offline, never 'Product Not Found', for a product saved nowhere, and shows it once back online", async () => {
      // opened offline: the browser fires no 'offline' event then, only 'online' when it is back
      networkDown();
      online = false;
      renderWithProviders(<ProductDetailPage />, { route: '/products/classic-dark-hot-cocoa', path: '/products/:slug' });
      expect(await screen.findByRole('heading', { level: 1, name: "You're offline" })).toBeInTheDocument();
      expect(screen.getByText("This product is not saved on this device yet. It will show here when you're back online.")).toBeInTheDocument();
      expect(screen.queryByText('Product Not Found')).not.toBeInTheDocument();
      mockFetch({
        'GET /api/square/catalog/products/slug/classic-dark-hot-cocoa': { body: cocoa },
        'GET /api/square/catalog/categories': { body: categories },
      });
      goOnline();
      expect(await screen.findByRole('heading', { level: 1, name: 'Classic Dark Hot Cocoa' })).toBeInTheDocument();
    });

    it('online, a failed call says it could not be loaded and offers to try again', async () => {
      let attempts = 0;
      global.fetch = jest.fn(async (url: string) => {
        if (url.includes('/slug/') && ++attempts === 1) return fakeResponse(503, { message: 'Service Unavailable' });
        if (url.includes('/slug/')) return fakeResponse(200, cocoa);
        return fakeResponse(200, categories);
      }) as unknown as typeof fetch;
      renderWithProviders(<ProductDetailPage />, { route: '/products/classic-dark-hot-cocoa', path: '/products/:slug' });
      expect(await screen.findByText('This product could not be loaded right now.')).toBeInTheDocument();
      expect(screen.queryByText('Product Not Found')).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Classic Dark Hot Cocoa' })).toBeInTheDocument();
    });
  });
});
