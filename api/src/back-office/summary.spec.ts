import { noonOf, SUMMARY_CHART_DAYS, summarySchema } from '@cocoa/shared-types';
import { TEST_ADMIN, useTestApp } from '../test/test-app';
import { SummaryService } from './summary.service';

/**
 * The week at a glance on a small, known data set. "Now" is Thursday 2 April 2026, 9:00 AM in
 * Chicago (the shop's zone, CDT, UTC-5): today began at 05:00 UTC, the month on Wednesday 1 April
 * at 05:00 UTC, the week on Monday 30 March at 05:00 UTC, and the 30-day chart on 4 March, which is
 * still CST (UTC-6; Chicago moved its clocks on 8 March). Orders sit on each side of those
 * midnights; several fall on another UTC day than their Chicago day, so a summary read in UTC or
 * in the server's own zone would count them wrongly (scripts/test.mjs runs this spec with the
 * process in UTC and in Pacific/Auckland too).
 */
const NOW = new Date('2026-04-02T14:00:00Z');

interface OrderSpec {
  at: string;
  total: number;
  refunded?: number;
  status?: 'COMPLETED' | 'CANCELED' | 'OPEN';
  test?: boolean;
  fulfilment?: 'paid' | 'packed' | 'shipped' | 'delivered' | 'cancelled';
  lines?: Array<{ product: number | null; name: string; quantity: number; total: number }>;
}

describe('the week at a glance (GET /api/admin/summary)', () => {
  const t = useTestApp({ SHOP_TIME_ZONE: 'America/Chicago' });
  let products: { dark: number; white: number; mint: number };

  beforeAll(async () => {
    const insert = async (name: string, slug: string): Promise<number> =>
      (await t.dataSource.query('INSERT INTO products (name, slug, price_cents) VALUES ($1, $2, 300) RETURNING id', [name, slug]))[0].id;
    products = {
      dark: await insert('Summary Dark', 'summary-dark'),
      white: await insert('Summary White', 'summary-white'),
      mint: await insert('Summary Mint', 'summary-mint'),
    };
  });

  let orderNo = 0;
  async function order(spec: OrderSpec): Promise<string> {
    orderNo += 1;
    const [row] = await t.dataSource.query(
      `INSERT INTO orders (email, status, test_mode, subtotal_cents, shipping_cents, tax_cents, total_cents, refunded_cents,
                           shipping_first_name, shipping_last_name, shipping_phone, shipping_address, shipping_city, shipping_state, shipping_zip, shipping_country,
                           created_at, updated_at)
       VALUES ($1, $2, $3, $4, 0, 0, $4, $5, 'Ada', 'Lovelace', '2175550142', '12 Analytical Way', 'Springfield', 'IL', '62701', 'US', $6, $6) RETURNING id`,
      [`buyer${orderNo}@example.com`, spec.status ?? 'COMPLETED', spec.test ?? false, spec.total, spec.refunded ?? 0, spec.at],
    );
    if (spec.fulfilment) await t.dataSource.query('UPDATE orders SET fulfilment_status = $2 WHERE id = $1', [row.id, spec.fulfilment]);
    for (const [position, line] of (spec.lines ?? []).entries()) {
      await t.dataSource.query(
        'INSERT INTO order_items (order_id, product_id, name, unit_price_cents, quantity, total_cents, position) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [row.id, line.product, line.name, Math.round(line.total / line.quantity), line.quantity, line.total, position],
      );
    }
    return row.id;
  }

  const summary = () => t.app.get(SummaryService).summary(NOW);

  describe('on the known data set', () => {
    beforeAll(async () => {
      // Real orders.
      await order({
        at: '2026-04-02T04:59:59Z',
        total: 2000,
        lines: [{ product: products.white, name: 'Summary White (old name)', quantity: 1, total: 2000 }],
      }); // Wed 1 Apr 23:59:59 (2 Apr in UTC)
      await order({
        at: '2026-04-02T05:00:00Z',
        total: 1000,
        fulfilment: 'packed',
        lines: [
          { product: products.dark, name: 'Summary Dark', quantity: 3, total: 900 },
          { product: products.white, name: 'Summary White', quantity: 1, total: 100 },
        ],
      }); // today 00:00
      await order({
        at: '2026-04-02T13:00:00Z',
        total: 1500,
        refunded: 500,
        fulfilment: 'shipped',
        lines: [{ product: null, name: 'Retired Blend', quantity: 5, total: 250 }],
      }); // today, partly refunded
      await order({
        at: '2026-04-01T05:00:00Z',
        total: 500,
        fulfilment: 'delivered',
        lines: [{ product: products.mint, name: 'Summary Mint', quantity: 1, total: 500 }],
      }); // the month's first instant
      await order({
        at: '2026-03-30T05:00:00Z',
        total: 3000,
        fulfilment: 'delivered',
        lines: [{ product: products.mint, name: 'Summary Mint', quantity: 50, total: 3000 }],
      }); // Monday 00:00: the week, not the month
      await order({ at: '2026-03-30T04:59:00Z', total: 4000, fulfilment: 'delivered' }); // Sunday 29 Mar 23:59: last week
      await order({ at: '2026-03-04T06:00:00Z', total: 700, fulfilment: 'delivered' }); // 4 Mar 00:00 CST: the chart's first day
      await order({ at: '2026-03-04T05:59:00Z', total: 800, fulfilment: 'delivered' }); // 3 Mar 23:59 CST: before the chart
      // Not counted: not paid, canceled by Square, or cancelled by the owner.
      await order({ at: '2026-04-02T10:00:00Z', total: 9000, status: 'OPEN' });
      await order({ at: '2026-04-02T10:00:00Z', total: 9000, status: 'CANCELED' });
      await order({
        at: '2026-04-02T10:00:00Z',
        total: 9000,
        fulfilment: 'cancelled',
        refunded: 9000,
        lines: [{ product: products.dark, name: 'Summary Dark', quantity: 90, total: 9000 }],
      });
      // Test orders: counted apart, never in the real figures, the chart or the best sellers.
      await order({
        at: '2026-04-02T12:00:00Z',
        total: 700,
        test: true,
        lines: [{ product: products.mint, name: 'Summary Mint', quantity: 100, total: 70000 }],
      });
      await order({ at: '2026-03-31T12:00:00Z', total: 300, test: true, fulfilment: 'shipped' });
    });

    it('counts today, this week (from Monday) and this month in the shop’s zone, test orders apart', async () => {
      const s = await summary();
      expect(s.timeZone).toBe('America/Chicago');
      expect(s.weekStartsOn).toBe('Monday');
      expect(s.generatedAt).toBe(NOW.toISOString());
      expect(s.periods).toEqual({
        today: {
          from: '2026-04-02T05:00:00.000Z',
          real: { orders: 2, revenueCents: 2000, averageCents: 1000 },
          test: { orders: 1, revenueCents: 700, averageCents: 700 },
        },
        week: {
          from: '2026-03-30T05:00:00.000Z',
          real: { orders: 5, revenueCents: 7500, averageCents: 1500 },
          test: { orders: 2, revenueCents: 1000, averageCents: 500 },
        },
        month: {
          from: '2026-04-01T05:00:00.000Z',
          real: { orders: 4, revenueCents: 4500, averageCents: 1125 },
          test: { orders: 1, revenueCents: 700, averageCents: 700 },
        },
      });
    });

    it('charts the last 30 days of real revenue, one entry per shop day across the DST change, empty days as zero', async () => {
      const { dailyRevenue } = await summary();
      expect(dailyRevenue).toHaveLength(SUMMARY_CHART_DAYS);
      expect(dailyRevenue[0].day).toBe('2026-03-04');
      expect(dailyRevenue[SUMMARY_CHART_DAYS - 1].day).toBe('2026-04-02');
      expect(dailyRevenue.map((d) => d.day)).toContain('2026-03-08');
      expect(new Set(dailyRevenue.map((d) => d.day)).size).toBe(SUMMARY_CHART_DAYS);
      expect(dailyRevenue.filter((d) => d.orders > 0)).toEqual([
        { day: '2026-03-04', orders: 1, revenueCents: 700 },
        { day: '2026-03-29', orders: 1, revenueCents: 4000 },
        { day: '2026-03-30', orders: 1, revenueCents: 3000 },
        { day: '2026-04-01', orders: 2, revenueCents: 2500 },
        { day: '2026-04-02', orders: 2, revenueCents: 2000 },
      ]);
      expect(dailyRevenue.filter((d) => d.orders === 0).every((d) => d.revenueCents === 0)).toBe(true);
    });

    it('ranks this month’s real best sellers by quantity and by revenue, a deleted product by its name', async () => {
      const { topProducts } = await summary();
      expect(topProducts.byQuantity).toEqual([
        { productId: null, name: 'Retired Blend', quantity: 5, revenueCents: 250 },
        { productId: products.dark, name: 'Summary Dark', quantity: 3, revenueCents: 900 },
        // Two lines of the same product, shown with the name of the later line.
        { productId: products.white, name: 'Summary White', quantity: 2, revenueCents: 2100 },
        { productId: products.mint, name: 'Summary Mint', quantity: 1, revenueCents: 500 },
      ]);
      expect(topProducts.byRevenue.map((p) => [p.name, p.revenueCents])).toEqual([
        ['Summary White', 2100],
        ['Summary Dark', 900],
        ['Summary Mint', 500],
        ['Retired Blend', 250],
      ]);
    });

    it('counts the paid orders waiting to ship, test ones apart, with the oldest real one', async () => {
      // Paid (the trigger's default for COMPLETED) or packed: today 00:00 (packed), 1 Apr 23:59:59 (paid); the test order of today (paid).
      const { waitingToShip } = await summary();
      expect(waitingToShip).toEqual({ orders: 2, testOrders: 1, oldestAt: '2026-04-02T04:59:59.000Z' });
    });
  });

  describe('the parts other modules give', () => {
    it('shows the unread messages, the low stock and the next five stops from today on', async () => {
      await t.dataSource.query(
        "INSERT INTO contact_messages (name, email, subject, message) VALUES ('Ana', 'ana@example.com', 'Hi', 'Hello'), ('Bo', 'bo@example.com', 'Yo', 'Hey')",
      );
      await t.dataSource.query(
        "INSERT INTO event_inquiries (name, email, event_type, event_date, guests, location, read_at) VALUES ('Cy', 'cy@example.com', 'party', '2026-06-01', 40, 'Peoria', now())",
      );
      await t.dataSource.query('UPDATE products SET stock_count = 2, low_stock_threshold = 5 WHERE id = $1', [products.dark]);
      await t.dataSource.query('UPDATE products SET stock_count = 0 WHERE id = $1', [products.mint]);
      await t.dataSource.query('UPDATE products SET stock_count = 50, low_stock_threshold = 5 WHERE id = $1', [products.white]);
      const stop = (title: string, day: string, start: string | null) =>
        t.dataSource.query('INSERT INTO scheduled_locations (title, date, start_time) VALUES ($1, $2, $3)', [title, noonOf(day, 'America/Chicago'), start]);
      await t.dataSource.query('DELETE FROM scheduled_locations');
      await stop('Yesterday market', '2026-04-01', '09:00');
      await stop('Today, all day', '2026-04-02', null);
      await stop('Today, early', '2026-04-02', '07:00');
      await stop('Saturday fair', '2026-04-04', '10:00');
      await stop('Sunday brunch', '2026-04-05', '11:00');
      await stop('Next week', '2026-04-09', '12:00');
      await stop('Later still', '2026-05-01', '12:00');

      const s = await summary();
      expect(s.unreadMessages).toBe(2);
      expect(s.lowStock.map((p) => [p.name, p.stockCount, p.lowStockThreshold])).toEqual([
        ['Summary Mint', 0, null],
        ['Summary Dark', 2, 5],
      ]);
      expect(s.nextStops.map((e) => e.title)).toEqual(['Today, early', 'Today, all day', 'Saturday fair', 'Sunday brunch', 'Next week']);
      expect(s.nextStops[0].timeZone).toBe('America/Chicago');
    });
  });

  describe('over HTTP', () => {
    it('answers the admin with the summary’s shape, and refuses visitors (401) and customers (403)', async () => {
      const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
      const res = await admin.get('/api/admin/summary');
      expect(res.status).toBe(200);
      expect(summarySchema.parse(res.body)).toEqual(res.body);
      expect(res.body.dailyRevenue).toHaveLength(SUMMARY_CHART_DAYS);

      expect((await t.agent().get('/api/admin/summary')).status).toBe(401);
      await t.agent().post('/api/register').send({ username: 'summaryfan', email: 'summaryfan@example.com', password: 'fan-pass-123' }).expect(201);
      const customer = await t.signedIn('summaryfan', 'fan-pass-123');
      const refused = await customer.get('/api/admin/summary');
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Admin access required');
    });

    it('reads the periods in the zone the owner saved in Settings', async () => {
      // 14:00 UTC on 2 April is 03:00 on 3 April in Auckland (NZDT, UTC+13): a new day, the same week and month.
      const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
      await admin.post('/api/settings').send({ key: 'SHOP_TIME_ZONE', value: 'Pacific/Auckland' }).expect(200);
      try {
        const s = await summary();
        expect(s.timeZone).toBe('Pacific/Auckland');
        expect(s.periods.today.from).toBe('2026-04-02T11:00:00.000Z');
        expect(s.periods.week.from).toBe('2026-03-29T11:00:00.000Z');
        expect(s.dailyRevenue[SUMMARY_CHART_DAYS - 1].day).toBe('2026-04-03');
        // Only the orders of 12:00 and 13:00 UTC (01:00 and 02:00 on 3 April there) fall on Auckland's today.
        expect(s.periods.today).toMatchObject({ real: { orders: 1, revenueCents: 1000, averageCents: 1000 }, test: { orders: 1, revenueCents: 700 } });
      } finally {
        await admin.post('/api/settings').send({ key: 'SHOP_TIME_ZONE', value: '' }).expect(200);
      }
    });
  });
});
