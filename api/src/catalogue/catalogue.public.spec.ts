import {
  type Category,
  FEATURED_LIMIT,
  type Product,
  productSchema,
  categorySchema,
  testimonialSchema,
  sortProducts,
  type Testimonial,
} from '@cocoa/shared-types';
import { CATEGORY_SEEDS, PRODUCT_SEEDS, TESTIMONIAL_SEEDS } from '../seed/seed.data';
import { useTestApp } from '../test/test-app';

const PUBLIC_LISTS = [
  '/api/square/catalog/categories',
  '/api/square/catalog/products',
  '/api/square/catalog/products/featured',
  '/api/square/testimonials/featured',
  '/api/products/featured',
  '/api/categories',
];

function isTwoDecimal(price: number): boolean {
  return typeof price === 'number' && Number.isFinite(price) && Math.abs(price * 100 - Math.round(price * 100)) < 1e-9;
}

describe('public catalogue calls on the seeded catalogue', () => {
  const t = useTestApp();

  it('lists the three seeded categories in order, in the category shape', async () => {
    for (const path of ['/api/square/catalog/categories', '/api/categories']) {
      const res = await t.agent().get(path);
      expect(res.status).toBe(200);
      const categories = res.body as Category[];
      expect(categories.map((c) => c.slug)).toEqual(['hot-cocoa', 'iced-cocoa', 'shakes']);
      expect(categories.map((c) => c.name)).toEqual(['Hot Cocoa', 'Iced Cocoa', 'Cocoa Shakes']);
      for (const c of categories) {
        expect(categorySchema.strict().parse(c)).toEqual(c);
        expect(c.description).toBeTruthy();
        expect(c.imageUrl).toBe(`/images/categories/${c.slug}.svg`);
      }
    }
  });

  it('lists every product, featured first then by name, with prices as two-decimal numbers', async () => {
    const res = await t.agent().get('/api/square/catalog/products');
    expect(res.status).toBe(200);
    const products = res.body as Product[];
    expect(products).toHaveLength(PRODUCT_SEEDS.length);
    expect(products.length).toBeGreaterThanOrEqual(9);
    for (const p of products) {
      expect(productSchema.strict().parse(p)).toEqual(p);
      expect(isTwoDecimal(p.price)).toBe(true);
      expect(p.price).toBeGreaterThan(0);
    }
    expect(products).toEqual(sortProducts(products));
    const firstPlain = products.findIndex((p) => !p.featured);
    expect(firstPlain).toBeGreaterThanOrEqual(3);
    expect(products.slice(firstPlain).every((p) => !p.featured)).toBe(true);
    const names = (list: Product[]) => list.map((p) => p.name);
    expect(names(products.slice(0, firstPlain))).toEqual([...names(products.slice(0, firstPlain))].sort());
    expect(names(products.slice(firstPlain))).toEqual([...names(products.slice(firstPlain))].sort());

    expect(products.find((p) => p.slug === 'classic-dark-hot-cocoa')?.price).toBe(14.99);
    expect(products.filter((p) => !p.inStock)).toHaveLength(1);
    const categoryIds = new Set(products.map((p) => p.categoryId));
    expect(categoryIds.size).toBe(3);
    expect(categoryIds.has(null)).toBe(false);
    expect(new Set(products.map((p) => p.variationId)).size).toBe(products.length);
    for (const p of products) expect(p.imageUrl).toMatch(/^\/images\/products\/cocoa-(hot|iced|shake)\.svg$/);
  });

  it('answers at most three featured products, only featured ones, on both paths', async () => {
    const all = (await t.agent().get('/api/square/catalog/products')).body as Product[];
    expect(all.filter((p) => p.featured).length).toBeGreaterThan(FEATURED_LIMIT);
    for (const path of ['/api/square/catalog/products/featured', '/api/products/featured']) {
      const res = await t.agent().get(path);
      expect(res.status).toBe(200);
      const featured = res.body as Product[];
      expect(featured).toHaveLength(FEATURED_LIMIT);
      expect(featured.every((p) => p.featured)).toBe(true);
      expect(featured).toEqual(sortProducts(featured));
      expect(featured.every((p) => p.featuredImageUrl === '/images/products/cocoa-featured.svg')).toBe(true);
    }
  });

  it('finds a product by slug, case-insensitively, with all its fields', async () => {
    const res = await t.agent().get('/api/square/catalog/products/slug/iced-mocha-cocoa');
    expect(res.status).toBe(200);
    const categories = (await t.agent().get('/api/categories')).body as Category[];
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Iced Mocha Cocoa',
      slug: 'iced-mocha-cocoa',
      subtitle: 'Cold-brew coffee meets dark cocoa',
      description: expect.stringContaining('cold-brew coffee'),
      price: 13.99,
      imageUrl: '/images/products/cocoa-iced.svg',
      hotImageUrl: '/images/products/cocoa-hot.svg',
      icedImageUrl: null,
      shakeImageUrl: '/images/products/cocoa-shake.svg',
      featuredImageUrl: '/images/products/cocoa-featured.svg',
      backgroundImageUrl: '/images/products/cocoa-background.svg',
      categoryId: categories.find((c) => c.slug === 'iced-cocoa')?.id,
      inStock: true,
      featured: true,
      variationId: 'SEED-VAR-ICED-MOCHA',
      onlyLeft: null,
    });
    const upper = await t.agent().get('/api/square/catalog/products/slug/Iced-Mocha-Cocoa');
    expect(upper.status).toBe(200);
    expect(upper.body.id).toBe(res.body.id);
  });

  it('answers 404 with a message for an unknown slug and 400 for a malformed one', async () => {
    const missing = await t.agent().get('/api/square/catalog/products/slug/no-such-cocoa');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Product not found');
    for (const bad of [
      'bad%20slug',
      'under_score',
      'double--hyphen',
      '-leading',
      'trailing-',
      `${'a'.repeat(81)}`,
      '%27%3B%20DROP%20TABLE%20products%3B--',
      'caf%C3%A9',
    ]) {
      const res = await t.agent().get(`/api/square/catalog/products/slug/${bad}`);
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
      expect(res.body.message).toBe('Invalid slug');
    }
  });

  it('answers the featured testimonials, at most three, with fractional ratings', async () => {
    const res = await t.agent().get('/api/square/testimonials/featured');
    expect(res.status).toBe(200);
    const testimonials = res.body as Testimonial[];
    expect(testimonials.length).toBeGreaterThanOrEqual(3);
    expect(testimonials.length).toBeLessThanOrEqual(FEATURED_LIMIT);
    for (const item of testimonials) expect(testimonialSchema.strict().parse(item)).toEqual(item);
    expect(testimonials.some((item) => !Number.isInteger(item.rating))).toBe(true);
    expect(testimonials.map((item) => item.rating)).toContain(4.5);
    const notFeatured = TESTIMONIAL_SEEDS.filter((s) => !s.featured).map((s) => s.name);
    expect(testimonials.some((item) => notFeatured.includes(item.name))).toBe(false);
  });

  it('lets browsers revalidate public lists cheaply: Cache-Control, ETag and 304', async () => {
    for (const path of [...PUBLIC_LISTS, '/api/square/catalog/products/slug/classic-dark-hot-cocoa']) {
      const first = await t.agent().get(path);
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      const etag = first.headers['etag'];
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await t.agent().get(path).set('If-None-Match', etag);
      expect({ path, status: again.status }).toEqual({ path, status: 304 });
      expect(again.text ?? '').toBe('');
      const stale = await t.agent().get(path).set('If-None-Match', 'W/"something-else"');
      expect(stale.status).toBe(200);
      expect(stale.headers['etag']).toBe(etag);
    }
  });

  it('seeds the catalogue exactly as seed.data says', async () => {
    const categories = (await t.agent().get('/api/categories')).body as Category[];
    expect(categories).toHaveLength(CATEGORY_SEEDS.length);
    const products = (await t.agent().get('/api/square/catalog/products')).body as Product[];
    for (const seed of PRODUCT_SEEDS) {
      const product = products.find((p) => p.slug === seed.slug);
      expect(product).toBeDefined();
      expect(product?.price).toBe(seed.priceCents / 100);
      expect(categories.find((c) => c.id === product?.categoryId)?.slug).toBe(seed.categorySlug);
    }
  });
});
