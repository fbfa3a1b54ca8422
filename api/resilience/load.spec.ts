import { Agent, request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { fromCents, MONEY_SETTINGS_DEFAULTS, type OrderTotals, priceOrder, type Product } from '@cocoa/shared-types';
import { newIdempotencyKey } from '../src/orders/orders.fixtures';
import { type CartLine, checkoutRequest } from './shop-checkout';
import { databaseKinds, freshDatabase, type ShopDatabase } from './shop-database';
import { call } from './shop-http';
import { report, type ShopProcess, startShop } from './shop-process';

const LOAD_MS = 30_000;
const BROWSERS = 200;
const BUYERS = 20;
/** A request unanswered this long has hung and fails the test; speed itself is only reported (p50, p99). */
const REQUEST_TIMEOUT_MS = 60_000;
/** Clients arrive over the first 2 s (as people do), then all run at once for the rest. */
const RAMP_MS = 2_000;
/** What one process should carry (reported against, not asserted: tests do not time things; the bench does). */
const TARGETS = { PGlite: { perSecond: 1500, p99Ms: 500 }, PostgreSQL: { perSecond: 1800, p99Ms: 400 } } as const;

/**
 * The load generator is one process on the same two cores as the API: it speaks plain node:http
 * over kept-alive connections, as a browser keeps its own, and does not inflate what it only
 * counts. (`fetch` cost about as much CPU as the API it measured and inflated every gzipped body.)
 */
const keptAlive = new Agent({ keepAlive: true, maxSockets: Infinity });
/** What Chromium sends. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

interface Sent {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

class RequestTimeout extends Error {
  override name = 'TimeoutError';
}

/** One request; the body is kept as sent (`text` inflates it when it is read). */
function send(url: string, { method = 'GET', headers = {}, body }: Sent): Promise<{ status: number; contentType: string; text: () => string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, agent: keptAlive, headers: { 'accept-encoding': ACCEPT_ENCODING, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const coding = res.headers['content-encoding'];
        const inflate = coding === 'gzip' ? gunzipSync : coding === 'br' ? brotliDecompressSync : (raw: Buffer) => raw;
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'] ?? '',
          text: () => inflate(bytes).toString('utf8'),
        });
      });
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new RequestTimeout(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

interface Placed {
  lines: CartLine[];
  totals: OrderTotals;
  orderIds: Set<string>;
}

/** Counts answers and keeps the first few failures (5xx, other unexpected statuses, network errors). */
class Tally {
  requests = 0;
  serverErrors = 0;
  connectionErrors = 0;
  readonly failures: string[] = [];
  readonly latencies: number[] = [];

  async request(
    label: string,
    url: string,
    init: Sent = {},
    check: (contentType: string) => string | undefined = () => undefined,
  ): Promise<{ status: number; text: () => string } | undefined> {
    const started = performance.now();
    this.requests += 1;
    try {
      const res = await send(url, init);
      this.latencies.push(performance.now() - started);
      if (res.status >= 500) this.serverErrors += 1;
      const problem = res.status !== 200 ? `answered ${res.status} ${res.text().slice(0, 200)}` : check(res.contentType);
      if (problem) this.fail(`${label}: ${problem}`);
      return res;
    } catch (err) {
      this.connectionErrors += 1;
      this.fail(
        `${label}: ${(err as Error).name === 'TimeoutError' ? `no answer within ${REQUEST_TIMEOUT_MS} ms` : `${(err as Error).message} ${String((err as { cause?: unknown }).cause ?? '')}`}`,
      );
      return undefined;
    }
  }

  private fail(message: string): void {
    if (this.failures.length < 20) this.failures.push(message);
    else this.failures[19] = `${message} (and more)`;
  }

  /** Latency percentiles in ms, e.g. "p50 12 ms, p99 80 ms". */
  latency(): string {
    return `p50 ${percentile(this.latencies, 0.5)} ms, p99 ${percentile(this.latencies, 0.99)} ms`;
  }
}

function percentile(latencies: readonly number[], q: number): number {
  const sorted = [...latencies].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length * q)] ?? 0);
}

/** The whole load (browsing and buying) against what one process should carry: "met" or "NO". */
function againstTargets(kind: keyof typeof TARGETS, tallies: readonly Tally[], seconds: number): string {
  const target = TARGETS[kind];
  const perSecond = Math.round(tallies.reduce((sum, t) => sum + t.requests, 0) / seconds);
  const p99 = percentile(
    tallies.flatMap((t) => t.latencies),
    0.99,
  );
  const met = perSecond >= target.perSecond && p99 < target.p99Ms;
  return `all requests ${perSecond}/s, p99 ${p99} ms; target >= ${target.perSecond}/s with p99 < ${target.p99Ms} ms: ${met ? 'met' : 'NO'}`;
}

describe.each(databaseKinds())('30 s of load on the built API with %s', (kind) => {
  let db: ShopDatabase;
  let shop: ShopProcess | undefined;

  beforeAll(async () => {
    db = await freshDatabase(kind);
    shop = await startShop(db);
  }, 120_000);

  afterAll(async () => {
    await shop?.stop();
    await db?.remove();
  });

  it(
    `${BROWSERS} browsing clients and ${BUYERS} buyers: no 5xx, no connection errors, each paid order stored once at database prices`,
    async () => {
      const base = shop!.url;
      const products = ((await call(base, '/api/square/catalog/products')).body as Product[]).filter((p) => p.inStock);
      expect(products.length).toBeGreaterThanOrEqual(3);
      const browsePaths = [
        '/api/square/catalog/products',
        ...products.map((p) => `/api/square/catalog/products/slug/${p.slug}`),
        '/api/events',
        '/api/square/catalog/categories',
        '/products',
      ];
      const browsing = new Tally();
      const buying = new Tally();
      const placed = new Map<string, Placed>();
      let twiceAtOnce = 0;
      let retried = 0;
      const deadline = Date.now() + LOAD_MS;

      const arrive = (i: number, of: number) => new Promise((r) => setTimeout(r, (i * RAMP_MS) / of));
      const browser = async (offset: number) => {
        await arrive(offset, BROWSERS);
        for (let n = offset; Date.now() < deadline; n++) {
          const path = browsePaths[n % browsePaths.length];
          await browsing.request(`GET ${path}`, base + path, {}, (contentType) =>
            path === '/products' && !contentType.startsWith('text/html') ? 'the shop page is not HTML' : undefined,
          );
        }
      };

      const buyer = async (offset: number) => {
        await arrive(offset, BUYERS);
        for (let n = offset; Date.now() < deadline; n++) {
          const lines = randomCart(products);
          const key = newIdempotencyKey();
          const { body, totals } = checkoutRequest(lines, key);
          const order: Placed = { lines, totals, orderIds: new Set() };
          const send = () =>
            buying.request(`checkout ${key}`, `${base}/api/square/checkout/complete`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            });
          // Most buyers press Pay once; some double-tap (the same key twice at once); some retry
          // after the answer, as a client does when it did not see the first answer.
          const answers =
            n % 5 === 0 ? (twiceAtOnce++, await Promise.all([send(), send()])) : n % 5 === 1 ? (retried++, [await send(), await send()]) : [await send()];
          for (const answer of answers) {
            if (answer?.status === 200) order.orderIds.add(JSON.parse(answer.text()).orderId);
          }
          if (order.orderIds.size > 0) placed.set(key, order);
        }
      };

      const started = Date.now();
      await Promise.all([...Array.from({ length: BROWSERS }, (_, i) => browser(i)), ...Array.from({ length: BUYERS }, (_, i) => buyer(i))]);
      const seconds = (Date.now() - started) / 1000;
      keptAlive.destroy();
      await shop!.stop();
      shop = undefined;

      report(
        `${kind}: ${BROWSERS} browsers made ${browsing.requests} requests in ${seconds.toFixed(1)} s (${Math.round(browsing.requests / seconds)}/s, ${browsing.latency()}); ` +
          `${BUYERS} buyers completed ${placed.size} checkouts with ${buying.requests} requests (${twiceAtOnce} keys sent twice at once, ${retried} retried; ${buying.latency()}); ` +
          `5xx: ${browsing.serverErrors + buying.serverErrors}, connection errors: ${browsing.connectionErrors + buying.connectionErrors}; ` +
          againstTargets(kind, [browsing, buying], seconds),
      );
      expect([...browsing.failures, ...buying.failures]).toEqual([]);
      expect(browsing.serverErrors + buying.serverErrors + browsing.connectionErrors + buying.connectionErrors).toBe(0);
      expect(placed.size).toBeGreaterThan(BUYERS);

      // One order id per key, whether it was sent once, twice at once or retried.
      expect([...placed].filter(([, o]) => o.orderIds.size !== 1).map(([key]) => key)).toEqual([]);

      // What was stored, read from the database itself after the API stopped.
      const { orders, items, prices } = await db.read(async (query) => ({
        orders: await query<{
          id: string;
          idempotency_key: string;
          status: string;
          subtotal_cents: number;
          shipping_cents: number;
          tax_cents: number;
          total_cents: number;
        }>(`SELECT id, idempotency_key, status, subtotal_cents, shipping_cents, tax_cents, total_cents FROM orders`),
        items: await query<{ order_id: string; product_id: number; unit_price_cents: number; quantity: number }>(
          `SELECT order_id, product_id, unit_price_cents, quantity FROM order_items ORDER BY order_id, position`,
        ),
        prices: new Map(
          (await query<{ id: number; price_cents: number }>(`SELECT id, price_cents FROM products`)).map((p) => [Number(p.id), Number(p.price_cents)]),
        ),
      }));
      expect(orders.length).toBe(placed.size);
      const problems: string[] = [];
      for (const order of orders) {
        const sent = placed.get(order.idempotency_key);
        if (!sent) {
          problems.push(`order ${order.id}: stored under a key no buyer got a 200 for`);
          continue;
        }
        if (!sent.orderIds.has(order.id)) problems.push(`order ${order.id}: the buyer was told ${[...sent.orderIds].join(', ')}`);
        if (order.status !== 'COMPLETED') problems.push(`order ${order.id}: status ${order.status}`);
        const stored = items.filter((i) => i.order_id === order.id);
        const storedLines = stored.map((i) => `${i.product_id}x${i.quantity}@${i.unit_price_cents}`);
        const expectedLines = sent.lines.map((l) => `${l.product.id}x${l.quantity}@${prices.get(l.product.id)}`);
        if (storedLines.join(' ') !== expectedLines.join(' '))
          problems.push(`order ${order.id}: items ${storedLines.join(' ')}, expected ${expectedLines.join(' ')}`);
        // The server's own rule applied to database prices, and what the buyer was shown.
        const sums = ({ subtotal, shipping, tax, total }: OrderTotals) => ({ subtotal, shipping, tax, total });
        const fromDatabase = sums(
          priceOrder({
            lines: stored.map((i) => ({ price: fromCents(prices.get(Number(i.product_id))!), quantity: Number(i.quantity) })),
            place: { country: 'US', region: 'IL' },
            settings: MONEY_SETTINGS_DEFAULTS,
          }),
        );
        const storedTotals = {
          subtotal: Number(order.subtotal_cents),
          shipping: Number(order.shipping_cents),
          tax: Number(order.tax_cents),
          total: Number(order.total_cents),
        };
        if (JSON.stringify(storedTotals) !== JSON.stringify(fromDatabase) || JSON.stringify(storedTotals) !== JSON.stringify(sums(sent.totals))) {
          problems.push(
            `order ${order.id}: stored ${JSON.stringify(storedTotals)}, database prices give ${JSON.stringify(fromDatabase)}, buyer saw ${JSON.stringify(sent.totals)}`,
          );
        }
      }
      expect(problems.slice(0, 20)).toEqual([]);
    },
    LOAD_MS + 120_000,
  );
});

/** One to three different in-stock products, one to three of each. */
function randomCart(products: Product[]): CartLine[] {
  const count = 1 + Math.floor(Math.random() * 3);
  const start = Math.floor(Math.random() * products.length);
  return Array.from({ length: Math.min(count, products.length) }, (_, i) => ({
    product: products[(start + i) % products.length],
    quantity: 1 + Math.floor(Math.random() * 3),
  }));
}
