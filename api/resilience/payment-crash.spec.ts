import { type Product, toCents } from '@cocoa/shared-types';
import { newIdempotencyKey } from '../src/orders/orders.fixtures';
import { SquareApiDouble } from '../src/square/square-api.double';
import { checkoutRequest } from './shop-checkout';
import { databaseKinds, freshDatabase, type ShopDatabase } from './shop-database';
import { call, signIn } from './shop-http';
import { report, type ShopProcess, startShop } from './shop-process';

const COMPLETE = '/api/square/checkout/complete';
const SETTLED_WITHIN_MS = 60_000;

/**
 * The process dies (SIGKILL) in the middle of a Square checkout: once right after Square took the
 * payment and before the API heard of it, once after Square's order step but before any charge.
 * The checkout committed its order as PENDING before calling Square, so after a restart the
 * reconciler (at start, then every second, for orders pending over 3 s) asks Square what it
 * recorded: the first order becomes paid with Square's payment id, the second goes (nothing was
 * charged) and the buyer's retry with the same key pays exactly once.
 */
describe.each(databaseKinds())('SIGKILL between the Square charge and the settle (%s)', (kind) => {
  let db: ShopDatabase;
  let shop: ShopProcess | undefined;
  let square: SquareApiDouble;

  beforeAll(async () => {
    db = await freshDatabase(kind);
    square = await new SquareApiDouble().start();
  });
  afterAll(async () => {
    await shop?.kill();
    await square?.stop();
    await db?.remove();
  });

  const restart = async () => {
    if (shop?.alive()) throw new Error('the previous API process is still running');
    shop = await startShop(db, {
      SQUARE_ACCESS_TOKEN: 'EAAA-resilience-token',
      SQUARE_BASE_URL: square.url,
      SQUARE_LOCATION_ID: 'LOC-MAIN',
      PAYMENT_RECONCILE_AFTER_S: '3',
      PAYMENT_RECONCILE_INTERVAL_S: '1',
    });
    return shop;
  };
  /** Kills the API when the double has carried out this call, before it answers; resolves once it has exited. */
  const killAt = (path: string): Promise<void> =>
    new Promise((killed) => {
      square.beforeAnswer = async (r) => {
        if (r.method !== 'POST' || r.path !== path) return;
        square.beforeAnswer = undefined;
        await shop!.kill();
        killed();
      };
    });
  const paymentLookups = () => square.requests.filter((r) => r.method === 'GET' && r.path === '/v2/payments').length;

  it('settles the paid checkout as paid with Square’s payment id and the unpaid one as failed; the retry pays once', async () => {
    await restart();
    const products = (await call(shop!.url, '/api/square/catalog/products')).body as Product[];
    const product = products.find((p) => p.inStock)!;
    if (product.variationId) square.catalogPrices.set(product.variationId, toCents(product.price));
    const checkout = (key: string) => ({ ...checkoutRequest([{ product, quantity: 2 }], key).body, sourceId: 'cnon:card-from-web-payments' });

    // 1. Square took the payment; the API dies before it hears the answer.
    const paidKey = newIdempotencyKey();
    const killedAtPayment = killAt('/v2/payments');
    await expect(call(shop!.url, COMPLETE, { method: 'POST', json: checkout(paidKey), timeoutMs: 30_000 })).rejects.toThrow(/failed/);
    await killedAtPayment;
    expect(shop!.alive()).toBe(false);
    const payment = square.payments.at(-1)!;
    const paidOrderId = payment.reference_id as string;

    const restartedAt = Date.now();
    await restart();
    const admin = await signIn(shop!.url);
    const settled = await until(async () => {
      const res = await call(shop!.url, `/api/orders/${paidOrderId}`, { cookie: admin });
      return res.status === 200 ? res.body : undefined; // a pending order is not shown
    });
    expect(settled).toMatchObject({ id: paidOrderId, status: 'COMPLETED', paymentId: payment.id, testMode: false });
    const paidAfterMs = Date.now() - restartedAt;

    // 2. Square created its order but was never asked to charge; the API dies there.
    const unpaidKey = newIdempotencyKey();
    const chargesBefore = square.payments.length;
    const killedAtOrder = killAt('/v2/orders');
    await expect(call(shop!.url, COMPLETE, { method: 'POST', json: checkout(unpaidKey), timeoutMs: 30_000 })).rejects.toThrow(/failed/);
    await killedAtOrder;
    const unpaidOrderId = square.calls('/v2/orders').at(-1)!.body!.order.reference_id as string;
    expect(square.payments).toHaveLength(chargesBefore);

    const lookupsBefore = paymentLookups();
    await restart();
    // The reconciler asked Square for the order's payment (it lists payments only for stale pending orders) ...
    await until(async () => (paymentLookups() > lookupsBefore ? true : undefined));
    // ... and the buyer's retry with the same key finds no pending order in the way: one charge.
    const retry = await call(shop!.url, COMPLETE, { method: 'POST', json: checkout(unpaidKey), timeoutMs: 60_000 });
    expect(retry.status).toBe(200);
    expect(retry.body.orderId).toBe(unpaidOrderId);
    expect(square.payments.filter((p) => p.reference_id === unpaidOrderId)).toHaveLength(1);
    expect(square.payments.filter((p) => p.reference_id === paidOrderId)).toHaveLength(1);

    await shop!.stop();
    const rows = await db.read((q) =>
      q<{ idempotency_key: string; status: string; payment_id: string }>(`SELECT idempotency_key, status, payment_id FROM orders ORDER BY created_at`),
    );
    expect(rows).toEqual([
      { idempotency_key: paidKey, status: 'COMPLETED', payment_id: payment.id },
      { idempotency_key: unpaidKey, status: 'COMPLETED', payment_id: retry.body.paymentId },
    ]);
    const paidBy = await db.read((q) => q<{ order_id: string; source: string }>(`SELECT order_id, source FROM order_events WHERE type = 'paid' ORDER BY id`));
    expect(paidBy).toEqual([
      { order_id: paidOrderId, source: 'reconciler' },
      { order_id: unpaidOrderId, source: 'checkout' },
    ]);
    report(
      `${kind}: SIGKILL after Square took the payment: settled as paid by the reconciler ${paidAfterMs} ms after the restart; SIGKILL before the charge: the pending order went and the buyer's retry paid once`,
    );
  }, 300_000);
});

/** Polls until `check` answers something (every 250 ms, at most SETTLED_WITHIN_MS). */
async function until<T>(check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + SETTLED_WITHIN_MS;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not settled within ${SETTLED_WITHIN_MS} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
