import { useTestApp } from '../test/test-app';
import { type CheckoutFixtures, checkoutBody, countOrders, insertCheckoutProducts, newIdempotencyKey } from './orders.fixtures';

const COMPLETE = '/api/square/checkout/complete';

describe('POST /api/square/checkout/complete (test mode: Square not connected)', () => {
  const t = useTestApp();
  let f: CheckoutFixtures;
  beforeAll(async () => {
    f = await insertCheckoutProducts(t.dataSource);
  });

  const complete = (body: object) => t.agent().post(COMPLETE).send(body);
  /** Runs `act`, which must store no order and no line; answers what it answered. */
  async function storingNothing<T>(act: () => Promise<T>): Promise<T> {
    const before = await countOrders(t.dataSource);
    const answer = await act();
    expect(await countOrders(t.dataSource)).toEqual(before);
    return answer;
  }
  /** Sends a checkout that must be refused, storing nothing. */
  const refused = (body: object) => storingNothing(() => complete(body));

  it('reports test mode in the web-payments config', async () => {
    const res = await t.agent().get('/api/square/web-payments/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ testMode: true, paymentsAvailable: true, applicationId: null, locationId: null, environment: 'sandbox' });
  });

  it('stores a guest order priced by the server, flagged testMode, with snapshots of names and prices', async () => {
    const body = checkoutBody(f);
    const res = await complete(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ orderId: expect.any(String), paymentId: expect.stringMatching(/^test_[0-9a-f]{24}$/), testMode: true });

    const [order] = await t.dataSource.query(`SELECT * FROM orders WHERE id = $1`, [res.body.orderId]);
    expect(order).toMatchObject({
      status: 'COMPLETED',
      test_mode: true,
      user_id: null,
      email: 'ada@example.com',
      payment_id: res.body.paymentId,
      idempotency_key: body.idempotencyKey,
      subtotal_cents: 3048,
      shipping_cents: 599,
      tax_cents: 213,
      total_cents: 3860,
      shipping_first_name: 'Ada',
      shipping_address: '12 Analytical Way',
      shipping_city: 'Springfield',
      shipping_state: 'IL',
      shipping_zip: '62701',
      shipping_country: 'US',
    });
    const items = await t.dataSource.query(
      `SELECT product_id, name, unit_price_cents, quantity, total_cents, variation_id FROM order_items WHERE order_id = $1 ORDER BY position`,
      [res.body.orderId],
    );
    expect(items).toEqual([
      { product_id: f.cocoa.id, name: 'Test Dark Cocoa', unit_price_cents: 1299, quantity: 2, total_cents: 2598, variation_id: f.cocoa.variationId },
      { product_id: f.mug.id, name: 'Test Cocoa Mug', unit_price_cents: 450, quantity: 1, total_cents: 450, variation_id: f.mug.variationId },
    ]);
  });

  it('ignores the prices the client sends: only the database prices count', async () => {
    const body = checkoutBody(f);
    body.cartItems = body.cartItems.map((item) => ({ ...item, price: 0.01 }));
    const res = await complete(body);
    expect(res.status).toBe(200);
    const [order] = await t.dataSource.query(`SELECT total_cents FROM orders WHERE id = $1`, [res.body.orderId]);
    expect(order.total_cents).toBe(3860);
  });

  it('merges repeated lines of the same product', async () => {
    const body = checkoutBody(f, {
      cartItems: [
        { id: f.cocoa.id, quantity: 1 },
        { productId: f.cocoa.id, quantity: 1 },
        { id: f.mug.id, quantity: 1 },
      ],
    });
    const res = await complete(body);
    expect(res.status).toBe(200);
    const items = await t.dataSource.query(`SELECT quantity FROM order_items WHERE order_id = $1 ORDER BY position`, [res.body.orderId]);
    expect(items).toEqual([{ quantity: 2 }, { quantity: 1 }]);
  });

  it.each([
    ['amount', { amount: 38.59 }],
    ['amount of one cent', { amount: 0.01 }],
    ['shippingCost', { shippingCost: 0, amount: 32.61 }],
    ['taxAmount', { taxAmount: 0, amount: 36.47 }],
    ['amounts that add up for a cheaper price', { amount: 10, shippingCost: 5.99, taxAmount: 0.27 }],
  ])('refuses a tampered %s with 409 and stores nothing', async (_what, overrides) => {
    const res = await refused(checkoutBody(f, overrides));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('AMOUNT_MISMATCH');
    expect(res.body.message).toMatch(/^Order total does not match/);
    expect(res.body.message).toContain('$38.60');
  });

  it('refuses an out-of-stock product with 409 naming it, and stores nothing', async () => {
    const body = checkoutBody(f, { cartItems: [{ id: f.soldOut.id, quantity: 1 }], amount: 16.69, shippingCost: 5.99, taxAmount: 0.7 });
    const res = await refused(body);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'OUT_OF_STOCK', message: 'Test Sold Out Blend is out of stock. Please remove it from your cart.' });
  });

  it('refuses an unknown product with 400 naming it, and stores nothing', async () => {
    const body = checkoutBody(f);
    body.cartItems = [...body.cartItems, { id: 987654, name: 'Ghost Cocoa', quantity: 1 }];
    const res = await refused(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PRODUCT_NOT_FOUND');
    expect(res.body.message).toContain('"Ghost Cocoa" is no longer available');
  });

  it("answers a declined test card with 402 'Card declined' and stores nothing", async () => {
    const body = checkoutBody(f, { sourceId: 'cnon:card-nonce-declined' });
    const res = await refused(body);
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ message: 'Card declined', code: 'CARD_DECLINED' });
    // The key was not used up: the same attempt with a good card goes through.
    const retry = await complete({ ...body, sourceId: 'cnon:card-nonce-ok' });
    expect(retry.status).toBe(200);
  });

  it('accepts only the sandbox test tokens while in test mode', async () => {
    const res = await refused(checkoutBody(f, { sourceId: 'cnon:some-real-looking-token' }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('TEST_MODE_CARD_ONLY');
  });

  it('answers the same idempotency key with the same order and stores it once', async () => {
    const body = checkoutBody(f);
    const first = await complete(body);
    const second = await complete(body);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const rows = await t.dataSource.query(`SELECT count(*)::int AS n FROM orders WHERE idempotency_key = $1`, [body.idempotencyKey]);
    expect(rows[0].n).toBe(1);
  });

  it('makes one order when two requests with the same key arrive together', async () => {
    const body = checkoutBody(f);
    const before = await countOrders(t.dataSource);
    const [a, b] = await Promise.all([complete(body), complete(body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.orderId).toBe(b.body.orderId);
    expect(a.body.paymentId).toBe(b.body.paymentId);
    expect(await countOrders(t.dataSource)).toEqual({ orders: before.orders + 1, items: before.items + 2 });
  });

  it('makes one order per key when many different keys arrive together', async () => {
    const before = await countOrders(t.dataSource);
    const bodies = [checkoutBody(f), checkoutBody(f), checkoutBody(f)];
    const answers = await Promise.all([...bodies, ...bodies].map((body) => complete(body)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.body.orderId)).size).toBe(3);
    expect((await countOrders(t.dataSource)).orders).toBe(before.orders + 3);
  });

  it('refuses a key reused for a different total', async () => {
    const body = checkoutBody(f);
    expect((await complete(body)).status).toBe(200);
    const other = checkoutBody(f, {
      idempotencyKey: body.idempotencyKey,
      cartItems: [{ id: f.mug.id, quantity: 1 }],
      amount: 10.8,
      shippingCost: 5.99,
      taxAmount: 0.32,
    });
    const res = await complete(other);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  describe('malformed bodies answer 400 and store nothing', () => {
    const cases: [string, (f: CheckoutFixtures) => unknown][] = [
      ['no body', () => undefined],
      ['an array', () => []],
      ['a string', () => 'pay me'],
      ['an empty object', () => ({})],
      ['no sourceId', (f) => ({ ...checkoutBody(f), sourceId: undefined })],
      ['an empty sourceId', (f) => ({ ...checkoutBody(f), sourceId: '' })],
      ['a numeric sourceId', (f) => ({ ...checkoutBody(f), sourceId: 42 })],
      ['amount as a string', (f) => ({ ...checkoutBody(f), amount: '38.60' })],
      ['a negative amount', (f) => ({ ...checkoutBody(f), amount: -38.6 })],
      ['amount with three decimals', (f) => ({ ...checkoutBody(f), amount: 38.601 })],
      ['an infinite-looking amount', (f) => ({ ...checkoutBody(f), amount: 1e308 })],
      ['no shippingCost', (f) => ({ ...checkoutBody(f), shippingCost: undefined })],
      ['taxAmount null', (f) => ({ ...checkoutBody(f), taxAmount: null })],
      ['no shippingData', (f) => ({ ...checkoutBody(f), shippingData: undefined })],
      ['shippingData as a string', (f) => ({ ...checkoutBody(f), shippingData: 'Springfield' })],
      ['a bad e-mail', (f) => ({ ...checkoutBody(f), shippingData: { ...checkoutBody(f).shippingData, email: 'nope' } })],
      ['a short ZIP code', (f) => ({ ...checkoutBody(f), shippingData: { ...checkoutBody(f).shippingData, zipCode: '12' } })],
      ['an unknown country', (f) => ({ ...checkoutBody(f), shippingData: { ...checkoutBody(f).shippingData, country: 'FR' } })],
      ['cartItems missing', (f) => ({ ...checkoutBody(f), cartItems: undefined })],
      ['cartItems empty', (f) => ({ ...checkoutBody(f), cartItems: [] })],
      ['cartItems an object', (f) => ({ ...checkoutBody(f), cartItems: { id: f.cocoa.id, quantity: 1 } })],
      ['a cart item without a product id', (f) => ({ ...checkoutBody(f), cartItems: [{ quantity: 1 }] })],
      ['a cart item with a string id', (f) => ({ ...checkoutBody(f), cartItems: [{ id: String(f.cocoa.id), quantity: 2 }] })],
      ['a cart item id too large for the database', (f) => ({ ...checkoutBody(f), cartItems: [{ id: 99999999999, quantity: 2 }] })],
      ['id and productId that disagree', (f) => ({ ...checkoutBody(f), cartItems: [{ id: f.cocoa.id, productId: f.mug.id, quantity: 2 }] })],
      ['a zero quantity', (f) => ({ ...checkoutBody(f), cartItems: [{ id: f.cocoa.id, quantity: 0 }] })],
      ['a fractional quantity', (f) => ({ ...checkoutBody(f), cartItems: [{ id: f.cocoa.id, quantity: 1.5 }] })],
      ['a huge quantity', (f) => ({ ...checkoutBody(f), cartItems: [{ id: f.cocoa.id, quantity: 1e9 }] })],
      ['a cart item that is null', (f) => ({ ...checkoutBody(f), cartItems: [null] })],
      ['no idempotencyKey', (f) => ({ ...checkoutBody(f), idempotencyKey: undefined })],
      ['a short idempotencyKey', (f) => ({ ...checkoutBody(f), idempotencyKey: 'abc' })],
      ['an idempotencyKey with spaces', (f) => ({ ...checkoutBody(f), idempotencyKey: 'a key with spaces' })],
      ['an unknown field', (f) => ({ ...checkoutBody(f), discount: 100 })],
    ];
    it.each(cases)('%s', async (_name, make) => {
      const body = make(f);
      const req = t.agent().post(COMPLETE);
      const res = await storingNothing(async () =>
        body === undefined
          ? await req
          : typeof body === 'string'
            ? await req.set('Content-Type', 'application/json').send(JSON.stringify(body))
            : await req.send(body as object),
      );
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    });

    it('malformed JSON', async () => {
      const res = await storingNothing(() => t.agent().post(COMPLETE).set('Content-Type', 'application/json').send('{"sourceId": '));
      expect(res.status).toBe(400);
    });
  });

  it('holds the 999-per-line cap after merging repeated lines: ten lines of 999 are refused naming the product, nothing stored', async () => {
    const unit = f.cocoa.priceCents / 100;
    // Amounts a client would compute for 9,990 of them, so only the cap can refuse it.
    const subtotal = Math.round(9990 * f.cocoa.priceCents) / 100;
    const tax = Math.round(subtotal * 7) / 100;
    const body = checkoutBody(f, {
      cartItems: Array.from({ length: 10 }, () => ({ id: f.cocoa.id, quantity: 999, name: f.cocoa.name, price: unit })),
      amount: Math.round((subtotal + 5.99 + tax) * 100) / 100,
      shippingCost: 5.99,
      taxAmount: tax,
    });
    const res = await refused(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Test Dark Cocoa: at most 999 per order (the cart asks for 9990)', code: 'QUANTITY_TOO_LARGE' });

    // Repeated lines within the cap are still one line of their sum.
    const ok = await complete(
      checkoutBody(f, {
        cartItems: [
          { id: f.cocoa.id, quantity: 1 },
          { id: f.mug.id, quantity: 1 },
          { id: f.cocoa.id, quantity: 1 },
        ],
      }),
    );
    expect(ok.status).toBe(200);
    const items = await t.dataSource.query(`SELECT product_id, quantity FROM order_items WHERE order_id = $1 ORDER BY position`, [ok.body.orderId]);
    expect(items).toEqual([
      { product_id: f.cocoa.id, quantity: 2 },
      { product_id: f.mug.id, quantity: 1 },
    ]);
  });

  it("ties a signed-in buyer's order to the account", async () => {
    const buyer = t.agent();
    const reg = await buyer.post('/api/register').send({ username: 'checkout-buyer', email: 'buyer@example.com', password: 'secret-123' });
    expect(reg.status).toBeLessThan(300);
    const res = await buyer.post(COMPLETE).send(checkoutBody(f, { idempotencyKey: newIdempotencyKey() }));
    expect(res.status).toBe(200);
    const [order] = await t.dataSource.query(`SELECT user_id FROM orders WHERE id = $1`, [res.body.orderId]);
    expect(order.user_id).toBe(reg.body.id);
  });
});
