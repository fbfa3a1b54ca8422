import {
  MONEY_SETTINGS_DEFAULTS,
  priceOrder,
  EVENTS_PAGE_MAX,
  FEATURED_LIMIT,
  fromCents,
  NEXT_CURSOR_HEADER,
  PRODUCT_LIST_MAX,
  type Product,
  type ProviderOrder,
  type ScheduledEvent,
  SLUG_PATTERN,
} from '@cocoa/shared-types';
import { CALENDAR_MAX } from '../events/calendar.service';
import { SettingsService } from '../settings/settings.service';
import { TEST_ADMIN, useTestApp } from '../test/test-app';
import { customerUsername, LARGE_SEED_PASSWORD, LargeSeedRefusedError, type LargeSeedResult, seedLarge } from './large-seed';
import { EVENT_SEEDS, PRODUCT_SEEDS } from './seed.data';

/** The large set at small scale; products just over the public list's bound, so the bound shows. */
const COUNTS = { products: PRODUCT_LIST_MAX + 10, users: 20, orders: 200, locations: 30 };
const DAY_MS = 86_400_000;

interface OrderRow {
  id: string;
  user_id: number | null;
  email: string;
  user_email: string | null;
  status: string;
  subtotal_cents: number;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
  created_at: Date;
}

describe('the large data set (seedLarge) at small scale', () => {
  const t = useTestApp();
  let result: LargeSeedResult;
  const now = new Date();
  const count = async (sql: string): Promise<number> => Number((await t.dataSource.query(sql))[0].n);

  beforeAll(async () => {
    result = await seedLarge(t.dataSource, t.app.get(SettingsService), COUNTS, { now });
  });

  it('adds the asked numbers of products, customers, orders and locations beside the demo catalogue', async () => {
    expect(result.counts).toEqual(COUNTS);
    expect(await count('SELECT count(*) AS n FROM products')).toBe(PRODUCT_SEEDS.length + COUNTS.products);
    expect(await count(`SELECT count(*) AS n FROM users WHERE username ~ '^customer[0-9]{5}$' AND NOT is_admin`)).toBe(COUNTS.users);
    expect(await count('SELECT count(*) AS n FROM orders')).toBe(COUNTS.orders);
    expect(await count('SELECT count(*) AS n FROM order_items')).toBe(result.orderItems);
    expect(result.orderItems).toBeGreaterThanOrEqual(COUNTS.orders);
    expect(await count('SELECT count(*) AS n FROM scheduled_locations')).toBe(EVENT_SEEDS.length + COUNTS.locations);
    // every seeded product is in a category, with a slug the routes accept
    const products: Array<{ slug: string; category_id: number | null; price_cents: number }> = await t.dataSource.query(
      'SELECT slug, category_id, price_cents FROM products',
    );
    for (const p of products) {
      expect(p.slug).toMatch(SLUG_PATTERN);
      expect(p.slug.length).toBeLessThanOrEqual(80);
      expect(p.category_id).not.toBeNull();
      expect(p.price_cents).toBeGreaterThan(0);
    }
    const categories = new Set(products.map((p) => p.category_id));
    expect(categories.size).toBe(await count('SELECT count(*) AS n FROM categories'));
  });

  it('keeps every reference intact: orders belong to seeded customers, lines to existing products', async () => {
    expect(await count('SELECT count(*) AS n FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE u.id IS NULL OR lower(u.email) <> o.email')).toBe(0);
    expect(
      await count(
        'SELECT count(*) AS n FROM order_items i LEFT JOIN products p ON p.id = i.product_id WHERE p.id IS NULL OR p.price_cents <> i.unit_price_cents OR p.name <> i.name',
      ),
    ).toBe(0);
    expect(
      await count(
        'SELECT count(*) AS n FROM (SELECT order_id FROM order_items GROUP BY order_id HAVING count(*) NOT BETWEEN 1 AND 3 OR count(DISTINCT product_id) <> count(*)) x',
      ),
    ).toBe(0);
    expect(await count('SELECT count(*) AS n FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)')).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM orders WHERE status = 'PENDING' OR status NOT IN ('COMPLETED', 'CANCELED', 'OPEN')`)).toBe(0);
    // spread over every customer
    expect(await count('SELECT count(DISTINCT user_id) AS n FROM orders')).toBe(COUNTS.users);
  });

  it('stores totals that follow the shared money rules at the default rates (lines, 5.99 shipping, 7 % tax)', async () => {
    const orders: OrderRow[] = await t.dataSource.query('SELECT o.*, u.email AS user_email FROM orders o LEFT JOIN users u ON u.id = o.user_id');
    const items: Array<{ order_id: string; unit_price_cents: number; quantity: number; total_cents: number }> = await t.dataSource.query(
      'SELECT order_id, unit_price_cents, quantity, total_cents FROM order_items',
    );
    const linesOf = new Map<string, typeof items>();
    for (const item of items) linesOf.set(item.order_id, [...(linesOf.get(item.order_id) ?? []), item]);
    for (const order of orders) {
      const lines = linesOf.get(order.id) ?? [];
      for (const line of lines) expect(line.total_cents).toBe(line.unit_price_cents * line.quantity);
      const { subtotal, shipping, tax, total } = priceOrder({
        lines: lines.map((l) => ({ price: fromCents(l.unit_price_cents), quantity: l.quantity })),
        place: { country: 'US' },
        settings: MONEY_SETTINGS_DEFAULTS,
      });
      expect({ subtotal: order.subtotal_cents, shipping: order.shipping_cents, tax: order.tax_cents, total: order.total_cents }).toEqual({
        subtotal,
        shipping,
        tax,
        total,
      });
    }
  });

  it('spreads orders over the past two years and locations over past and future months', async () => {
    const [orders]: Array<{ first: Date; last: Date }> = await t.dataSource.query('SELECT min(created_at) AS first, max(created_at) AS last FROM orders');
    expect(new Date(orders.first).getTime()).toBeLessThan(now.getTime() - 700 * DAY_MS);
    expect(new Date(orders.last).getTime()).toBeLessThanOrEqual(now.getTime());
    const thisMonth = new Date(now.getFullYear(), now.getMonth(), 1);
    const nextMonth = new Date(now.getFullYear(), now.getMonth() + 1, 1);
    expect(await count(`SELECT count(*) AS n FROM scheduled_locations WHERE date < '${thisMonth.toISOString()}'`)).toBeGreaterThan(COUNTS.locations / 3);
    expect(await count(`SELECT count(*) AS n FROM scheduled_locations WHERE date >= '${nextMonth.toISOString()}'`)).toBeGreaterThan(COUNTS.locations / 3);
  });

  it('refuses a second run and changes nothing', async () => {
    await expect(seedLarge(t.dataSource, t.app.get(SettingsService), COUNTS)).rejects.toBeInstanceOf(LargeSeedRefusedError);
    expect(await count('SELECT count(*) AS n FROM orders')).toBe(COUNTS.orders);
    expect(await count('SELECT count(*) AS n FROM products')).toBe(PRODUCT_SEEDS.length + COUNTS.products);
  });

  it('keeps the public catalogue lists bounded', async () => {
    const list = await t.agent().get('/api/square/catalog/products');
    expect(list.status).toBe(200);
    expect((list.body as Product[]).length).toBe(PRODUCT_LIST_MAX);
    const featured = await t.agent().get('/api/square/catalog/products/featured');
    expect((featured.body as Product[]).length).toBeLessThanOrEqual(FEATURED_LIMIT);
    const bySlug = await t.agent().get(`/api/square/catalog/products/slug/${(list.body as Product[])[PRODUCT_LIST_MAX - 1].slug}`);
    expect(bySlug.status).toBe(200);
  });

  it('pages the admin product list', async () => {
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const first = await admin.get('/api/products?limit=25&offset=0');
    expect((first.body as Product[]).length).toBe(25);
    const last = await admin.get(`/api/products?limit=25&offset=${PRODUCT_LIST_MAX}`);
    expect((last.body as Product[]).length).toBe(PRODUCT_SEEDS.length + COUNTS.products - PRODUCT_LIST_MAX);
    expect((await admin.get('/api/products?limit=501')).status).toBe(400);
  });

  it("pages a seeded customer's orders with the cursor, newest first, every order once", async () => {
    const customer = await t.signedIn(customerUsername(1), LARGE_SEED_PASSWORD);
    const expected: Array<{ id: string }> = await t.dataSource.query(
      `SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE u.username = $1 ORDER BY o.created_at DESC, o.id DESC`,
      [customerUsername(1)],
    );
    expect(expected.length).toBe(COUNTS.orders / COUNTS.users);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await customer.get('/api/me/orders').query({ limit: 3, ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      expect((res.body as ProviderOrder[]).length).toBeLessThanOrEqual(3);
      seen.push(...(res.body as ProviderOrder[]).map((o) => o.id));
      cursor = res.headers[NEXT_CURSOR_HEADER.toLowerCase()];
    } while (cursor);
    expect(seen).toEqual(expected.map((o) => o.id));
  });

  it('pages every scheduled location by date with the events cursor, each once, even after a deletion', async () => {
    const all: Array<{ id: number }> = await t.dataSource.query('SELECT id FROM scheduled_locations ORDER BY date, id');
    expect((await t.agent().get('/api/events?from=2000-01-01')).body.length).toBeLessThanOrEqual(EVENTS_PAGE_MAX);
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await t
        .agent()
        .get('/api/events')
        .query({ from: '2000-01-01', limit: 7, ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      expect((res.body as ScheduledEvent[]).length).toBeLessThanOrEqual(7);
      seen.push(...(res.body as ScheduledEvent[]).map((e) => e.id));
      cursor = res.headers[NEXT_CURSOR_HEADER.toLowerCase()];
      pages++;
    } while (cursor);
    expect(seen).toEqual(all.map((e) => e.id));
    expect(pages).toBe(Math.ceil(all.length / 7));

    // the cursor holds a position, not a row: deleting the page's last event does not break the next page
    const first = await t.agent().get('/api/events').query({ from: '2000-01-01', limit: 7 });
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    expect((await admin.delete(`/api/events/${(first.body as ScheduledEvent[])[6].id}`)).status).toBe(204);
    const second = await t.agent().get('/api/events').query({ from: '2000-01-01', limit: 7, cursor: first.headers[NEXT_CURSOR_HEADER.toLowerCase()] });
    expect((second.body as ScheduledEvent[]).map((e) => e.id)).toEqual(all.slice(7, 14).map((e) => e.id));
  });

  it(`caps calendar feeds at ${CALENDAR_MAX}: one more is refused with a message and nothing is added`, async () => {
    await t.dataSource.query(
      `INSERT INTO calendars (id, name, active) SELECT 'https://feeds.example.com/' || i || '.ics', 'Feed ' || i, false FROM generate_series(1, $1::int) AS g(i)`,
      [CALENDAR_MAX],
    );
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const refused = await admin.post('/api/events/calendar/add-custom').send({ calendarId: 'https://feeds.example.com/one-more.ics' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`At most ${CALENDAR_MAX} calendar feeds can be added. Remove one first.`);
    expect(await count('SELECT count(*) AS n FROM calendars')).toBe(CALENDAR_MAX);
    expect((await admin.get('/api/events/calendar/status')).body.calendars).toHaveLength(CALENDAR_MAX);
  });
});
