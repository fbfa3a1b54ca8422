import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Product } from '@cocoa/shared-types';
import { newIdempotencyKey } from '../src/orders/orders.fixtures';
import { checkoutRequest } from './shop-checkout';
import { postgresDatabase, type ShopDatabase } from './shop-database';
import { type Answer, call, signIn } from './shop-http';
import { report, type ShopProcess, startShop } from './shop-process';
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

const CUSTOMER = { username: 'outage-olga', email: 'olga@example.com', password: 'olga-pass-123' };
const RECOVERY_WITHIN_MS = 30_000;

/**
 * The database goes away under a running API (crash, restart, failover) and comes back. The API
 * must say so clearly (503 + message), never hang or die, and serve again by itself.
 */
describe('PostgreSQL stops while the API runs', () => {
  let pg: ThrowawayPostgres | undefined;
  let shop: ShopProcess | undefined;
  let db: ShopDatabase | undefined;
  let cookie: string;
  let adminCookie: string;
  /** The public product list as the shop answered it while PostgreSQL ran. */
  let listed: Answer;
  let products: Product[];
  let firstOrderId: string;
  /** The buyer's checkout that meets the outage; the same attempt (same key) is retried after. */
  let retried: ReturnType<typeof checkoutRequest>;

  beforeAll(async () => {
    pg = await startThrowawayPostgres();
    db = postgresDatabase(mkdtempSync(join(tmpdir(), 'cocoa-outage-')), pg.url);
    shop = await startShop(db);
  }, 120_000);

  afterAll(async () => {
    await shop?.stop();
    pg?.remove();
    await db?.remove();
  });

  /** Calls that cannot be answered without the database (none of them is an answer cache hit). */
  const needsDatabase = () => ({
    'GET /api/ready': call(shop!.url, '/api/ready'),
    'POST /api/login': call(shop!.url, '/api/login', { method: 'POST', json: { username: CUSTOMER.username, password: CUSTOMER.password } }),
    'POST checkout': call(shop!.url, '/api/square/checkout/complete', { method: 'POST', json: retried.body, cookie }),
    'GET /api/me/orders (signed in)': call(shop!.url, '/api/me/orders', { cookie }),
    'GET a product never requested before': call(shop!.url, `/api/square/catalog/products/slug/${products[2].slug}`),
  });

  async function settle<K extends string>(calls: Record<K, Promise<Answer>>): Promise<Record<K, Answer>> {
    const entries = await Promise.all(Object.entries<Promise<Answer>>(calls).map(async ([name, pending]) => [name, await pending] as const));
    return Object.fromEntries(entries) as Record<K, Answer>;
  }

  it('serves a signed-in buyer while PostgreSQL runs', async () => {
    expect((await call(shop!.url, '/api/register', { method: 'POST', json: CUSTOMER })).status).toBe(201);
    cookie = await signIn(shop!.url, CUSTOMER.username, CUSTOMER.password);
    adminCookie = await signIn(shop!.url);
    listed = await call(shop!.url, '/api/square/catalog/products');
    products = (listed.body as Product[]).filter((p) => p.inStock);
    expect(products.length).toBeGreaterThanOrEqual(3);
    const first = checkoutRequest([{ product: products[0], quantity: 2 }], newIdempotencyKey());
    const placed = await call(shop!.url, '/api/square/checkout/complete', { method: 'POST', json: first.body, cookie });
    expect(placed.status).toBe(200);
    firstOrderId = placed.body.orderId;
    expect((await call(shop!.url, '/api/me/orders', { cookie })).body.map((o: { id: string }) => o.id)).toEqual([firstOrderId]);
    retried = checkoutRequest([{ product: products[1], quantity: 1 }], newIdempotencyKey());
  });

  it('answers 503 with a clear message while PostgreSQL is down, without hanging or exiting', async () => {
    pg!.stop('immediate');
    const answers = await settle(needsDatabase());
    for (const [name, answer] of Object.entries(answers)) {
      expect({ name, status: answer.status, code: answer.body?.code }).toEqual({ name, status: 503, code: 'DATABASE_UNAVAILABLE' });
      expect(answer.body.message).toMatch(/temporarily unavailable|not reachable/i);
    }
    // Errors from the pool's dropped connections arrive after the answers: the process must outlive them.
    await new Promise((r) => setTimeout(r, 1000));
    expect((await call(shop!.url, '/api/health')).status).toBe(200);
    expect(shop!.alive()).toBe(true);
    report(`PostgreSQL down: ${Object.keys(answers).length} database calls answered 503 DATABASE_UNAVAILABLE; /api/health 200; pid ${shop!.pid} alive`);
  });

  it('serves the last good public answers, marked stale, while PostgreSQL is down', async () => {
    // The owner's save fails; a failed write may have changed something, so the answer cache drops
    // its current answers (as their 30 s time to live would): what is left are last good copies.
    const save = await call(shop!.url, `/api/products/${products[0].id}`, { method: 'PATCH', json: { name: 'Saved during the outage' }, cookie: adminCookie });
    expect(save.status).toBe(503);
    const res = await fetch(`${shop!.url}/api/square/catalog/products`, { signal: AbortSignal.timeout(10_000) });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('STALE');
    expect(res.headers.get('warning')).toBe('110 - "Response is Stale"');
    expect(await res.json()).toEqual(listed.body);
    // A load balancer keeps probing meanwhile: each probe says 503, none adds to the log.
    for (let i = 0; i < 5; i++) expect((await call(shop!.url, '/api/ready')).status).toBe(503);
    report(`PostgreSQL down: the product list answered 200 from its last good copy (X-Cache: STALE, Age ${res.headers.get('age')} s)`);
  });

  it('serves again in the same process once PostgreSQL is back', async () => {
    pg!.start();
    const started = Date.now();
    let ready = 0;
    while (Date.now() - started < RECOVERY_WITHIN_MS && ready !== 200) {
      ready = (await call(shop!.url, '/api/ready')).status;
      if (ready !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(ready).toBe(200);
    const recoveredMs = Date.now() - started;

    // The process started before the outage never exited: nothing restarted it.
    expect(shop!.alive()).toBe(true);
    const answers = await settle(needsDatabase());
    expect(Object.entries(answers).map(([name, a]) => [name, a.status])).toEqual(Object.keys(answers).map((name) => [name, 200]));
    expect(answers['GET a product never requested before'].body.slug).toBe(products[2].slug);
    // The buyer's session survived the outage and both orders are there, the retried one once.
    const mine = await call(shop!.url, '/api/me/orders', { cookie });
    expect(mine.status).toBe(200);
    expect(mine.body.map((o: { id: string }) => o.id).sort()).toEqual([firstOrderId, answers['POST checkout'].body.orderId].sort());
    report(`PostgreSQL back: /api/ready 200 after ${recoveredMs} ms, same process (pid ${shop!.pid}); login, checkout, orders and product calls answered 200`);
  });

  it('logged the outage once and its end once, without stack traces, however often /api/ready was probed', () => {
    const lines = shop!
      .logTail()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages.filter((m) => m === 'database unreachable')).toHaveLength(1);
    expect(messages.filter((m) => m === 'database reachable again')).toHaveLength(1);
    expect(messages).not.toContain('request failed');
    expect(lines.filter((line) => line.includes('"path":"/api/ready"'))).toEqual([]);
    for (const line of lines) expect(line).not.toMatch(/\\n\s+at /);
    report(`PostgreSQL outage in the log: ${lines.length} lines at warn and above, one 'database unreachable', one 'database reachable again'`);
  });
});
