import { startSquareShop } from '../test/square-shop';
import type { TestApp } from '../test/test-app';
import { type CheckoutFixtures, checkoutBody, countOrders, SHIPPING } from '../orders/orders.fixtures';
import { SettingsService } from '../settings/settings.service';
import type { SquareApiDouble, SquareFailure } from './square-api.double';

const COMPLETE = '/api/square/checkout/complete';
const TOKEN = 'EAAA-test-access-token';

describe('checkout with Square connected (real SDK against a local double of Square)', () => {
  let square: SquareApiDouble;
  let t: TestApp;
  let f: CheckoutFixtures;

  startSquareShop((shop) => ({ square, t, f } = shop), { token: TOKEN });

  describe('GET /api/square/web-payments/config', () => {
    it("answers 404 'Square configuration not found' while no application id is saved", async () => {
      const res = await t.agent().get('/api/square/web-payments/config');
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Square configuration not found');
    });

    it('answers the application id, the first active location and the environment', async () => {
      await t.app.get(SettingsService).set('SQUARE_APPLICATION_ID', 'sandbox-sq0idb-app');
      square.locations = [
        { id: 'LOC-CLOSED', status: 'INACTIVE' },
        { id: 'LOC-MAIN', status: 'ACTIVE' },
      ];
      const res = await t.agent().get('/api/square/web-payments/config');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        testMode: false,
        paymentsAvailable: true,
        applicationId: 'sandbox-sq0idb-app',
        locationId: 'LOC-MAIN',
        environment: 'sandbox',
      });
      expect(square.calls('/v2/locations')[0].authorization).toBe(`Bearer ${TOKEN}`);
      expect(JSON.stringify(res.body)).not.toContain(TOKEN);
    });

    it("answers 404 'Square configuration not found' while the saved id belongs to the other environment", async () => {
      await t.app.get(SettingsService).set('SQUARE_APPLICATION_ID', 'sq0idp-ProductionApp123');
      const res = await t.agent().get('/api/square/web-payments/config');
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 404, message: 'Square configuration not found' });
      await t.app.get(SettingsService).set('SQUARE_APPLICATION_ID', 'sandbox-sq0idb-app');
    });
  });

  it('finds or creates the customer, creates the Square order, charges the card and keeps Square ids', async () => {
    const body = checkoutBody(f, { sourceId: 'cnon:card-from-web-payments' });
    const res = await t.agent().post(COMPLETE).send(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ orderId: expect.any(String), paymentId: expect.stringMatching(/^PAY-/), testMode: false });

    for (const r of square.requests) expect(r.authorization).toBe(`Bearer ${TOKEN}`);
    const [search] = square.calls('/v2/customers/search');
    expect(search.body?.query.filter.email_address).toEqual({ exact: 'ada@example.com' });
    const [create] = square.calls('/v2/customers');
    expect(create.body).toMatchObject({
      email_address: 'ada@example.com',
      given_name: 'Ada',
      family_name: 'Lovelace',
      phone_number: '+12175550142',
      address: { address_line_1: '12 Analytical Way', locality: 'Springfield', administrative_district_level_1: 'IL', postal_code: '62701', country: 'US' },
    });
    const customerId = square.customers.at(-1)!.id;

    const [orderCall] = square.calls('/v2/orders');
    const order = orderCall.body!.order;
    expect(order.location_id).toBe('LOC-MAIN');
    expect(order.customer_id).toBe(customerId);
    expect(order.reference_id).toBe(res.body.orderId);
    expect(order.line_items).toEqual([
      { catalog_object_id: f.cocoa.variationId, quantity: '2' },
      { catalog_object_id: f.mug.variationId, quantity: '1' },
    ]);
    expect(order.service_charges).toEqual([
      { uid: 'shipping', name: 'Shipping', amount_money: { amount: 599, currency: 'USD' }, calculation_phase: 'TOTAL_PHASE', taxable: false },
    ]);
    expect(order.taxes).toEqual([{ uid: 'sales-tax', name: 'Sales Tax', percentage: '7', type: 'ADDITIVE', scope: 'ORDER' }]);
    expect(order.fulfillments[0]).toMatchObject({
      type: 'SHIPMENT',
      shipment_details: { recipient: { display_name: 'Ada Lovelace', email_address: 'ada@example.com' } },
    });
    expect(typeof orderCall.body!.idempotency_key).toBe('string');

    const [payment] = square.calls('/v2/payments');
    expect(payment.body).toMatchObject({
      source_id: 'cnon:card-from-web-payments',
      idempotency_key: body.idempotencyKey,
      amount_money: { amount: 3860, currency: 'USD' },
      order_id: expect.stringMatching(/^ORDER-/),
      customer_id: customerId,
      location_id: 'LOC-MAIN',
    });

    const [row] = await t.dataSource.query(`SELECT status, test_mode, payment_id, square_order_id, square_customer_id, total_cents FROM orders WHERE id = $1`, [
      res.body.orderId,
    ]);
    expect(row).toEqual({
      status: 'COMPLETED',
      test_mode: false,
      payment_id: res.body.paymentId,
      square_order_id: payment.body!.order_id,
      square_customer_id: customerId,
      total_cents: 3860,
    });
  });

  it('reuses a customer Square already knows by e-mail', async () => {
    square.customers.push({ id: 'CUST-KNOWN', email_address: 'known@example.com' });
    const body = checkoutBody(f);
    body.shippingData = { ...SHIPPING, email: 'Known@Example.com' };
    const res = await t.agent().post(COMPLETE).send(body);
    expect(res.status).toBe(200);
    expect(square.calls('/v2/customers')).toHaveLength(0);
    expect(square.calls('/v2/payments')[0].body?.customer_id).toBe('CUST-KNOWN');
  });

  /** A checkout that Square fails at `path`: answered 402 with Square's detail, and no order stored. */
  const failedCheckout = async (path: string, failure: SquareFailure) => {
    const before = await countOrders(t.dataSource);
    square.failNext.set(path, failure);
    const res = await t.agent().post(COMPLETE).send(checkoutBody(f));
    expect(res.status).toBe(402);
    expect(res.body.message).toBe(failure.errors[0].detail);
    expect(await countOrders(t.dataSource)).toEqual(before);
    return res;
  };

  it("answers a declined payment with 402 and Square's detail, and stores nothing", async () => {
    const res = await failedCheckout('/v2/payments', {
      status: 400,
      errors: [{ category: 'PAYMENT_METHOD_ERROR', code: 'CARD_DECLINED', detail: 'Authorization error: CARD_DECLINED' }],
    });
    expect(res.body).toEqual({ message: 'Authorization error: CARD_DECLINED', code: 'SQUARE_CARD_DECLINED' });
  });

  it('answers a Square error while creating the order with 402, charges nothing and stores nothing', async () => {
    await failedCheckout('/v2/orders', {
      status: 400,
      errors: [{ category: 'INVALID_REQUEST_ERROR', code: 'NOT_FOUND', detail: 'Item variation with catalog object ID `X` not found.' }],
    });
    expect(square.calls('/v2/payments')).toHaveLength(0);
  });

  it('answers a Square server error with 402 (no retries) and stores nothing', async () => {
    await failedCheckout('/v2/payments', {
      status: 500,
      errors: [{ category: 'API_ERROR', code: 'INTERNAL_SERVER_ERROR', detail: 'Something went wrong at Square' }],
    });
    expect(square.calls('/v2/payments')).toHaveLength(1);
  });

  it('retries a failed attempt with byte-identical Square requests, so Square can answer it idempotently', async () => {
    const body = checkoutBody(f);
    square.failNext.set('/v2/payments', { status: 500, errors: [{ category: 'API_ERROR', code: 'SERVICE_UNAVAILABLE', detail: 'Try again' }] });
    expect((await t.agent().post(COMPLETE).send(body)).status).toBe(402);
    const retry = await t.agent().post(COMPLETE).send(body);
    expect(retry.status).toBe(200);
    const [firstOrder, secondOrder] = square.calls('/v2/orders');
    expect(secondOrder.body).toEqual(firstOrder.body);
    expect(firstOrder.body?.order.reference_id).toBe(retry.body.orderId);
    const [firstPayment, secondPayment] = square.calls('/v2/payments');
    expect(secondPayment.body).toEqual(firstPayment.body);
  });

  it('refuses to charge when Square prices the order differently from our database', async () => {
    const before = await countOrders(t.dataSource);
    square.orderTotalDrift = 100;
    const res = await t.agent().post(COMPLETE).send(checkoutBody(f));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('AMOUNT_MISMATCH');
    expect(square.calls('/v2/payments')).toHaveLength(0);
    expect(await countOrders(t.dataSource)).toEqual(before);
  });

  it('refuses a tampered amount before calling Square', async () => {
    const res = await t
      .agent()
      .post(COMPLETE)
      .send(checkoutBody(f, { amount: 1 }));
    expect(res.status).toBe(409);
    expect(square.requests.filter((r) => r.path !== '/v2/locations')).toHaveLength(0);
  });

  it('charges once for the same key, sent twice in a row or twice at once', async () => {
    const body = checkoutBody(f);
    const first = await t.agent().post(COMPLETE).send(body);
    const again = await t.agent().post(COMPLETE).send(body);
    expect(again.body).toEqual(first.body);

    const other = checkoutBody(f);
    const [a, b] = await Promise.all([t.agent().post(COMPLETE).send(other), t.agent().post(COMPLETE).send(other)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect(square.calls('/v2/payments')).toHaveLength(2);
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM orders WHERE idempotency_key IN ($1, $2)`, [
      body.idempotencyKey,
      other.idempotencyKey,
    ]);
    expect(n).toBe(2);
  });

  it('sends a product without a Square variation as an ad-hoc line with our price', async () => {
    await t.dataSource.query(`UPDATE products SET variation_id = NULL WHERE id = $1`, [f.mug.id]);
    try {
      const res = await t.agent().post(COMPLETE).send(checkoutBody(f));
      expect(res.status).toBe(200);
      expect(square.calls('/v2/orders')[0].body?.order.line_items[1]).toEqual({
        name: 'Test Cocoa Mug',
        quantity: '1',
        base_price_money: { amount: 450, currency: 'USD' },
      });
    } finally {
      await t.dataSource.query(`UPDATE products SET variation_id = $2 WHERE id = $1`, [f.mug.id, f.mug.variationId]);
    }
  });
});
