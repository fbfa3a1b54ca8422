import { act, fireEvent, screen, within } from '@testing-library/react';
import { pickSrcSetCandidate } from '@cocoa/shared-types';
import { CartDrawer } from '../features/cart/components/cart-drawer';
import { addToCart } from '../features/cart/add-to-cart';
import { useCartDrawer } from '../features/cart/cart-drawer-store';
import { useCartStore } from '../features/cart/cart-store';
import ProductDetailPage from '../features/catalogue/pages/product-detail-page';
import { product } from '../test/fixtures';
import { expectRetriesThenPlaceholder } from '../test/image-fallback';
import { mockFetch, renderWithProviders } from '../test/render';
import { SmartImage } from './smart-image';

const MAIN = '/uploads/products/dark-cocoa.jpg';
const MAIN_REF = '/uploads/variants/dark-cocoa.jpg.0a1b2c3d.1600.avif';
const HOT = '/uploads/products/hot.png';
const HOT_REF = '/uploads/variants/hot.png.9f8e7d6c.900.avif';

const cocoa = product({
  id: 7,
  name: 'Dark Cocoa',
  slug: 'dark-cocoa',
  imageUrl: MAIN,
  hotImageUrl: HOT,
  icedImageUrl: '/images/products/cocoa-iced.svg',
  imageRefs: { [MAIN]: MAIN_REF, [HOT]: HOT_REF },
});

/** The <source> of one type inside the <picture> holding `img`. */
function source(img: HTMLElement, type: string): HTMLSourceElement | null {
  return img.parentElement?.tagName === 'PICTURE' ? img.parentElement.querySelector(`source[type="${type}"]`) : null;
}

describe('responsive images', () => {
  beforeAll(() => useCartStore.getState().hydrate());
  beforeEach(() => {
    useCartStore.setState({ lines: [], count: 0, hydrated: true });
    useCartDrawer.getState().close();
  });

  it("the cart drawer's 64 px thumbnail has srcset and sizes, and the browser's pick is the 160 w copy", async () => {
    renderWithProviders(<CartDrawer />);
    await act(async () => addToCart(cocoa));
    const img = within(screen.getByRole('dialog', { name: 'Your Cart' })).getByRole('img', { name: 'Dark Cocoa' });
    expect(img).toHaveAttribute('width', '64');
    expect(img).toHaveAttribute('loading', 'lazy');
    const sizes = img.getAttribute('sizes');
    expect(sizes).toBe('(max-width: 64px) 100vw, 64px');
    const webp = source(img, 'image/webp');
    const avif = source(img, 'image/avif');
    expect(webp?.getAttribute('srcset')).toBe(img.getAttribute('srcset'));
    expect(avif?.getAttribute('sizes')).toBe(sizes);
    // A phone at 2x picks the 160 w copy, a 3x one the 320 w; never the 1600 w (or the 2000 px original).
    expect(pickSrcSetCandidate(avif!.getAttribute('srcset')!, 64, 2)).toEqual({ url: '/uploads/variants/dark-cocoa.jpg.0a1b2c3d.160.avif', width: 160 });
    expect(pickSrcSetCandidate(img.getAttribute('srcset')!, 64, 1)?.width).toBe(160);
    expect(pickSrcSetCandidate(img.getAttribute('srcset')!, 64, 3)?.width).toBe(320);
    expect(img.getAttribute('src')).toBe('/uploads/variants/dark-cocoa.jpg.0a1b2c3d.160.webp');
  });

  it('the product page shows its photos with srcset, the first eager with high fetch priority, an SVG as it is', async () => {
    mockFetch({
      'GET /api/square/catalog/products/slug/dark-cocoa': { body: cocoa },
      'GET /api/square/catalog/categories': { body: [] },
    });
    renderWithProviders(<ProductDetailPage />, { route: '/products/dark-cocoa', path: '/products/:slug' });
    const main = await screen.findByRole('img', { name: 'Dark Cocoa — Main' });
    expect(main.getAttribute('srcset')).toContain('/uploads/variants/dark-cocoa.jpg.0a1b2c3d.1024.webp 1024w');
    expect(source(main, 'image/avif')?.getAttribute('srcset')).toContain('dark-cocoa.jpg.0a1b2c3d.640.avif 640w');
    expect(main).toHaveAttribute('sizes', '(max-width: 600px) 100vw, 600px');
    expect(main).toHaveAttribute('loading', 'eager');
    expect(main).toHaveAttribute('fetchpriority', 'high');
    const hot = screen.getByRole('img', { name: 'Dark Cocoa — Hot', hidden: true });
    expect(hot).toHaveAttribute('loading', 'lazy');
    expect(hot).not.toHaveAttribute('fetchpriority');
    expect(
      hot
        .getAttribute('srcset')
        ?.split(', ')
        .map((c) => c.split(' ')[1]),
    ).toEqual(['160w', '320w', '640w', '900w']);
    const iced = screen.getByRole('img', { name: 'Dark Cocoa — Iced', hidden: true });
    expect(iced).toHaveAttribute('src', '/images/products/cocoa-iced.svg');
    expect(iced).not.toHaveAttribute('srcset');
  });

  it('when the copies fail (the image was replaced since), the original URL is tried, then the lowercase/.webp chain, then the placeholder', () => {
    renderWithProviders(<SmartImage src="/uploads/variants/Old-Name.PNG.0a1b2c3d.320.webp" alt="Cocoa" width={96} height={96} />);
    const first = screen.getByRole('img', { name: 'Cocoa' });
    expect(first.parentElement?.tagName).toBe('PICTURE');
    expect(source(first, 'image/avif')).toBeNull();
    fireEvent.error(first);
    const original = screen.getByRole('img', { name: 'Cocoa' });
    expect(original).toHaveAttribute('src', '/uploads/products/Old-Name.PNG');
    expect(original).not.toHaveAttribute('srcset');
    expectRetriesThenPlaceholder('Cocoa', ['/uploads/products/old-name.png', '/uploads/products/old-name.webp']);
  });
});
