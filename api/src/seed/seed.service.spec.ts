import { wallTimeIn } from '@cocoa/shared-types';
import { serviceOf, useTestApp } from '../test/test-app';
import { CATEGORY_SEEDS, EVENT_SEEDS, eventDate, PRODUCT_SEEDS, TESTIMONIAL_SEEDS } from './seed.data';
import { CATALOGUE_SEEDED_KEY, SeedService } from './seed.service';

describe('demo catalogue seed', () => {
  const t = useTestApp();
  const seed = serviceOf(t, SeedService);
  const counts = async () => ({
    categories: await t.count('categories'),
    products: await t.count('products'),
    testimonials: await t.count('testimonials'),
    events: await t.count('scheduled_locations'),
  });
  const wipe = () => t.dataSource.query('DELETE FROM products; DELETE FROM categories; DELETE FROM testimonials; DELETE FROM scheduled_locations');

  it('seeds an empty database once at start-up and marks it', async () => {
    expect(await counts()).toEqual({
      categories: CATEGORY_SEEDS.length,
      products: PRODUCT_SEEDS.length,
      testimonials: TESTIMONIAL_SEEDS.length,
      events: EVENT_SEEDS.length,
    });
    const marker = await t.dataSource.query('SELECT value FROM settings WHERE key = $1', [CATALOGUE_SEEDED_KEY]);
    expect(marker).toHaveLength(1);
  });

  it('the seed data holds what the foundation issue asks for', () => {
    expect(CATEGORY_SEEDS.map((c) => c.slug)).toEqual(['hot-cocoa', 'iced-cocoa', 'shakes']);
    expect(PRODUCT_SEEDS.length).toBeGreaterThanOrEqual(9);
    for (const slug of ['hot-cocoa', 'iced-cocoa', 'shakes']) expect(PRODUCT_SEEDS.filter((p) => p.categorySlug === slug).length).toBeGreaterThanOrEqual(3);
    expect(PRODUCT_SEEDS.filter((p) => p.featured).length).toBeGreaterThanOrEqual(3);
    expect(PRODUCT_SEEDS.filter((p) => !p.inStock)).toHaveLength(1);
    expect(new Set(PRODUCT_SEEDS.map((p) => p.slug)).size).toBe(PRODUCT_SEEDS.length);
    expect(TESTIMONIAL_SEEDS.some((s) => !Number.isInteger(s.rating))).toBe(true);
    expect(EVENT_SEEDS.some((e) => e.monthOffset === 0) && EVENT_SEEDS.some((e) => e.monthOffset === 1)).toBe(true);
  });

  it('places events at noon in the shop zone, this month or next, even from the last day of a month', () => {
    const zone = 'America/Chicago';
    // 2026-12-01T03:00Z is still November 30 in Chicago: the shop's month, not the server's, decides.
    for (const now of [
      new Date('2026-11-22T14:00:00Z'),
      new Date('2026-02-01T05:59:00Z'),
      new Date('2026-12-31T07:00:00Z'),
      new Date('2026-12-01T03:00:00Z'),
    ]) {
      const today = wallTimeIn(now, zone);
      for (const e of EVENT_SEEDS) {
        const date = wallTimeIn(eventDate(e, now, zone), zone);
        expect(date.hour).toBe(12);
        const months = (date.year - today.year) * 12 + date.month - today.month;
        expect(months).toBe(e.monthOffset);
        if (e.day === 'today') expect(date.day).toBe(today.day);
      }
    }
  });

  it('does nothing on a second run', async () => {
    const before = await counts();
    expect((await seed.seedCatalogue()).seeded).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('does not refill a catalogue the owner emptied', async () => {
    await wipe();
    expect((await seed.seedCatalogue()).seeded).toBe(false);
    expect(await counts()).toEqual({ categories: 0, products: 0, testimonials: 0, events: 0 });
  });

  it('does not seed over an existing catalogue that predates the marker, but marks it', async () => {
    await t.dataSource.query('DELETE FROM settings WHERE key = $1', [CATALOGUE_SEEDED_KEY]);
    await t.dataSource.query(`INSERT INTO categories (name, slug) VALUES ('Own', 'own')`);
    expect((await seed.seedCatalogue()).seeded).toBe(false);
    expect((await counts()).categories).toBe(1);
    expect(await t.dataSource.query('SELECT 1 FROM settings WHERE key = $1', [CATALOGUE_SEEDED_KEY])).toHaveLength(1);
  });

  it('seeds exactly once when two replicas start together on an empty database', async () => {
    await wipe();
    await t.dataSource.query('DELETE FROM settings WHERE key = $1', [CATALOGUE_SEEDED_KEY]);
    const results = await Promise.all([seed.seedCatalogue(), seed.seedCatalogue(), seed.seedCatalogue()]);
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    expect(results.find((r) => r.seeded)).toEqual({
      seeded: true,
      categories: CATEGORY_SEEDS.length,
      products: PRODUCT_SEEDS.length,
      testimonials: TESTIMONIAL_SEEDS.length,
      events: EVENT_SEEDS.length,
    });
    expect(await counts()).toEqual({
      categories: CATEGORY_SEEDS.length,
      products: PRODUCT_SEEDS.length,
      testimonials: TESTIMONIAL_SEEDS.length,
      events: EVENT_SEEDS.length,
    });
    const res = await t.agent().get('/api/square/catalog/products');
    expect(res.body).toHaveLength(PRODUCT_SEEDS.length);
    expect(res.body.every((p: { categoryId: number | null }) => p.categoryId !== null)).toBe(true);
  });
});
