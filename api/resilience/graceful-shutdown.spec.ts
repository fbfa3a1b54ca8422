import type { Product } from '@cocoa/shared-types';
import { newIdempotencyKey } from '../src/orders/orders.fixtures';
import { checkoutRequest } from './shop-checkout';
import { databaseKinds, freshDatabase, type ShopDatabase } from './shop-database';
import { report, type ShopProcess, startShop } from './shop-process';

const BUYERS = 40;

/**
 * A deploy or `docker stop` sends SIGTERM while people are paying: every payment the server has
 * received completes and is answered; one it never received fails at the connection and is not
 * stored, so the buyer's retry (same idempotency key) is safe.
 */
describe.each(databaseKinds())('SIGTERM while checkouts are in flight (%s)', (kind) => {
  let db: ShopDatabase;
  let shop: ShopProcess | undefined;
  beforeAll(async () => {
    db = await freshDatabase(kind);
  });
  afterAll(async () => {
    await shop?.kill();
    await db?.remove();
  });

  it('answers every request it had received, stores exactly those orders, then exits', async () => {
    shop = await startShop(db);
    const products = (await (await fetch(`${shop.url}/api/square/catalog/products`)).json()) as Product[];
    const product = products.find((p) => p.inStock)!;
    let sigtermAt = Infinity;
    let firstAnswered: () => void = () => undefined;
    const oneAnswered = new Promise<void>((resolve) => (firstAnswered = resolve));
    const outcomes = Array.from({ length: BUYERS }, async () => {
      const key = newIdempotencyKey();
      const { body } = checkoutRequest([{ product, quantity: 1 }], key);
      try {
        const res = await fetch(`${shop!.url}/api/square/checkout/complete`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await res.text();
        return { key, status: res.status, text, afterSigterm: performance.now() > sigtermAt };
      } catch (error) {
        // Still in the kernel's accept queue when the server stopped accepting: reset, never seen.
        return { key, status: 0, text: String((error as { cause?: unknown }).cause ?? error), afterSigterm: true };
      } finally {
        firstAnswered();
      }
    });
    await oneAnswered;
    sigtermAt = performance.now();
    const stopped = shop.stop();
    const answers = await Promise.all(outcomes);
    await stopped;
    expect(shop.alive()).toBe(false);

    expect(answers.filter((a) => a.status !== 200 && a.status !== 0).map((a) => `${a.status} ${a.text.slice(0, 160)}`)).toEqual([]);
    const paid = answers.filter((a) => a.status === 200);
    const drained = paid.filter((a) => a.afterSigterm);
    expect(drained.length).toBeGreaterThan(0);
    const stored = await db.read((query) => query<{ idempotency_key: string }>('SELECT idempotency_key FROM orders'));
    expect(stored.map((o) => o.idempotency_key).sort()).toEqual(paid.map((a) => a.key).sort());
    report(
      `${kind}: SIGTERM after the first of ${BUYERS} concurrent checkouts answered: ${drained.length} more answered 200 while shutting down, ${answers.length - paid.length} never reached the server (connection reset, nothing stored), ${stored.length} orders stored = the ${paid.length} paid`,
    );
  });
});
