import { randomBytes } from 'node:crypto';
import { type CheckoutCompleteInput, MONEY_SETTINGS_DEFAULTS, priceOrder, fromCents } from '@cocoa/shared-types';
import { squareWebhookEvent } from '../square/square-api.double';
import { deliverSquareEvent } from '../test/square-webhooks';
import { useSquareApp } from '../test/square-shop';
import { type TestApp, useTestApp } from '../test/test-app';
import { newIdempotencyKey, SHIPPING } from './orders.fixtures';

const COMPLETE = '/api/square/checkout/complete';
const BUYERS = 20;
const STOCK = 5;

interface Stocked {
  id: number;
  name: string;
  slug: string;
  priceCents: number;
  variationId: string;
}

/** A product with a stock count (null: not counted), under a fresh slug. */
async function insertStocked(
  t: TestApp,
  name: string,
  priceCents: number,
  stockCount: number | null,
  lowStockThreshold: number | null = null,
): Promise<Stocked> {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomBytes(3).toString('hex')}`;
  const variationId = `STOCK-VAR-${slug.toUpperCase()}`;
  const [row] = await t.dataSource.query(
    `INSERT INTO products (name, slug, price_cents, in_stock, variation_id, stock_count, low_stock_threshold) VALUES ($1, $2, $3, true, $4, $5, $6) RETURNING id`,
    [name, slug, priceCents, variationId, stockCount, lowStockThreshold],
  );
  return { id: Number(row.id), name, slug, priceCents, variationId };
}

/** A checkout body for these lines with the totals a correct client computes. */
function bodyFor(lines: Array<{ product: Stocked; quantity: number }>, overrides: Partial<CheckoutCompleteInput> = {}): CheckoutCompleteInput {
  const totals = priceOrder({
    lines: lines.map((l) => ({ price: fromCents(l.product.priceCents), quantity: l.quantity })),
    place: { country: 'US' },
    settings: MONEY_SETTINGS_DEFAULTS,
  });
  return {
    sourceId: 'cnon:card-nonce-ok',
    amount: fromCents(totals.total),
    shippingCost: fromCents(totals.shipping),
    taxAmount: fromCents(totals.tax),
    shippingData: { ...SHIPPING },
    customerId: null,
    cartItems: lines.map((l) => ({ id: l.product.id, name: l.product.name, price: fromCents(l.product.priceCents), quantity: l.quantity })),
    idempotencyKey: newIdempotencyKey(),
    ...overrides,
  };
}

const stockOf = async (t: TestApp, product: Stocked) =>
  (await t.dataSource.query(`SELECT stock_count FROM products WHERE id = $1`, [product.id]))[0].stock_count as number | null;
const ordersOf = async (t: TestApp, product: Stocked) =>
  t.dataSource.query<Array<{ status: string; quantity: number }>>(
    `SELECT o.status, i.quantity FROM orders o JOIN order_items i ON i.order_id = o.id WHERE i.product_id = $1 ORDER BY o.created_at`,
    [product.id],
  );
const shownInShop = async (t: TestApp, product: Stocked) => {
  const res = await t.agent().get(`/api/square/catalog/products/slug/${product.slug}`);
  return { inStock: res.body.inStock as boolean, onlyLeft: res.body.onlyLeft as number | null };
};

/** A checkout sent from a fresh agent. */
const checkout = (t: TestApp, body: object) => t.agent().post(COMPLETE).send(body);

describe('checkout takes stock (test mode)', () => {
  const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

  it(`${BUYERS} buyers at once for ${STOCK} left: exactly ${STOCK} orders, the rest answered 409 naming the product; then out of stock in the shop`, async () => {
    const cocoa = await insertStocked(t, 'Last Batch Cocoa', 1000, STOCK, 2);
    expect(await shownInShop(t, cocoa)).toEqual({ inStock: true, onlyLeft: null }); // kept by the public answer cache
    const answers = await Promise.all(Array.from({ length: BUYERS }, () => checkout(t, bodyFor([{ product: cocoa, quantity: 1 }]))));

    const sold = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status !== 200);
    expect(sold).toHaveLength(STOCK);
    expect(refused.map((r) => [r.status, r.body])).toEqual(
      Array(BUYERS - STOCK).fill([409, { code: 'OUT_OF_STOCK', message: 'Last Batch Cocoa is out of stock. Please remove it from your cart.' }]),
    );
    expect(await ordersOf(t, cocoa)).toEqual(Array(STOCK).fill({ status: 'COMPLETED', quantity: 1 }));
    expect(new Set(sold.map((r) => r.body.orderId)).size).toBe(STOCK);
    expect(await stockOf(t, cocoa)).toBe(0);
    expect(await shownInShop(t, cocoa)).toEqual({ inStock: false, onlyLeft: null });
  }, 120_000);

  it('asking for more than is left answers 409 "Only N left of …", stores nothing, takes nothing', async () => {
    const tin = await insertStocked(t, 'Gift Tin', 2400, 3, 5);
    expect(await shownInShop(t, tin)).toEqual({ inStock: true, onlyLeft: 3 });
    const res = await checkout(t, bodyFor([{ product: tin, quantity: 5 }]));
    expect([res.status, res.body]).toEqual([409, { code: 'NOT_ENOUGH_STOCK', message: 'Only 3 left of Gift Tin. Please lower the quantity in your cart.' }]);
    expect(await ordersOf(t, tin)).toEqual([]);
    expect(await stockOf(t, tin)).toBe(3);
  });

  it('one short product in a cart takes nothing from the others', async () => {
    const plenty = await insertStocked(t, 'Plenty Cocoa', 1299, 50);
    const scarce = await insertStocked(t, 'Scarce Cocoa', 450, 1);
    const res = await checkout(
      t,
      bodyFor([
        { product: plenty, quantity: 2 },
        { product: scarce, quantity: 2 },
      ]),
    );
    expect([res.status, res.body.code]).toEqual([409, 'NOT_ENOUGH_STOCK']);
    expect([await stockOf(t, plenty), await stockOf(t, scarce)]).toEqual([50, 1]);
  });

  it('carts sharing two counted products, listed in either order, sell exactly what there is and never stall on each other', async () => {
    const mugs = await insertStocked(t, 'Market Mug', 1800, STOCK);
    const tins = await insertStocked(t, 'Market Tin', 900, STOCK);
    const answers = await Promise.all(
      Array.from({ length: BUYERS }, (_, i) => {
        const lines = [
          { product: mugs, quantity: 1 },
          { product: tins, quantity: 1 },
        ];
        return checkout(t, bodyFor(i % 2 ? lines.reverse() : lines));
      }),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(STOCK).fill(200), ...Array(BUYERS - STOCK).fill(409)]);
    expect([await stockOf(t, mugs), await stockOf(t, tins)]).toEqual([0, 0]);
    expect(await ordersOf(t, mugs)).toHaveLength(STOCK);
    expect(await ordersOf(t, tins)).toHaveLength(STOCK);
  }, 120_000);
  it('a declined card gives the stock back; the same buyer can then pay and take it', async () => {
    const last = await insertStocked(t, 'Very Last Tin', 1500, 1);
    const body = bodyFor([{ product: last, quantity: 1 }], { sourceId: 'cnon:card-nonce-declined' });
    const declined = await checkout(t, body);
    expect([declined.status, declined.body.code]).toEqual([402, 'CARD_DECLINED']);
    expect(await stockOf(t, last)).toBe(1);
    expect(await ordersOf(t, last)).toEqual([]);
    expect(await shownInShop(t, last)).toEqual({ inStock: true, onlyLeft: null });

    const paid = await checkout(t, { ...body, sourceId: 'cnon:card-nonce-ok' });
    expect(paid.status).toBe(200);
    expect(await stockOf(t, last)).toBe(0);
  });

  it('products nobody counts sell as before, and the switch still decides', async () => {
    const free = await insertStocked(t, 'Uncounted Cocoa', 800, null);
    const res = await checkout(t, bodyFor([{ product: free, quantity: 7 }]));
    expect(res.status).toBe(200);
    expect(await stockOf(t, free)).toBeNull();
    await t.dataSource.query(`UPDATE products SET in_stock = false, stock_count = 10 WHERE id = $1`, [free.id]);
    const off = await checkout(t, bodyFor([{ product: free, quantity: 1 }]));
    expect([off.status, off.body.code]).toEqual([409, 'OUT_OF_STOCK']);
    expect(await stockOf(t, free)).toBe(10);
  });
});

/** With Square connected (the real SDK against the local double): a payment that fails after the take gives the stock back. */
describe('checkout takes stock (Square)', () => {
  const WEBHOOK_KEY = 'stock-spec-signature-key';
  const WEBHOOK_URL = 'https://shop.example.com/api/square/webhooks';
  const { square, t } = useSquareApp({
    SQUARE_ACCESS_TOKEN: 'EAAA-stock-token',
    SQUARE_LOCATION_ID: 'LOC-MAIN',
    SQUARE_WEBHOOK_SIGNATURE_KEY: WEBHOOK_KEY,
    SQUARE_WEBHOOK_URL: WEBHOOK_URL,
  });
  let cocoa: Stocked;

  beforeAll(async () => {
    cocoa = await insertStocked(t, 'Square Counted Cocoa', 1299, 4);
    square.catalogPrices.set(cocoa.variationId, cocoa.priceCents);
  });

  it('Square failing before the charge removes the pending order and gives the stock back', async () => {
    square.beforeAnswer = (r) => (r.method === 'POST' && r.path === '/v2/orders' ? 'drop' : undefined);
    const res = await checkout(t, bodyFor([{ product: cocoa, quantity: 3 }]));
    expect(res.status).toBe(402);
    expect(await stockOf(t, cocoa)).toBe(4);
    expect(await ordersOf(t, cocoa)).toEqual([]);
  });

  it('a charge left pending keeps its stock; payment.updated FAILED removes the order and gives it back', async () => {
    square.beforeAnswer = (r) => (r.method === 'POST' && r.path === '/v2/payments' ? 'drop' : undefined);
    const res = await checkout(t, bodyFor([{ product: cocoa, quantity: 3 }]));
    expect([res.status, res.body.code]).toEqual([502, 'PAYMENT_OUTCOME_UNKNOWN']);
    expect(await ordersOf(t, cocoa)).toEqual([{ status: 'PENDING', quantity: 3 }]);
    expect(await stockOf(t, cocoa)).toBe(1);
    // Meanwhile another buyer cannot have what the pending order holds.
    const other = await checkout(t, bodyFor([{ product: cocoa, quantity: 2 }]));
    expect([other.status, other.body.message]).toEqual([409, 'Only 1 left of Square Counted Cocoa. Please lower the quantity in your cart.']);

    const payment = square.payments.at(-1)!;
    // Delivered, and its job waited for: the webhook answers before the work is done.
    const hook = await deliverSquareEvent(t, squareWebhookEvent('payment.updated', { ...payment, status: 'FAILED' }), {
      signatureKey: WEBHOOK_KEY,
      notificationUrl: WEBHOOK_URL,
    });
    expect(hook.status).toBe(200);
    expect(await ordersOf(t, cocoa)).toEqual([]);
    expect(await stockOf(t, cocoa)).toBe(4);
    // The webhook route leaves the public answers alone; the stock change cleared them itself.
    expect(await shownInShop(t, cocoa)).toEqual({ inStock: true, onlyLeft: null });
  });
});
