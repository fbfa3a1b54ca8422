import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { orderNumberOf } from '@cocoa/shared-types';
import type supertest from 'supertest';
import { PaymentReconciler } from '../payments/payment-reconciler.service';
import { type SquareApiDouble, squareRefund, squareWebhookEvent, type WirePayment } from '../square/square-api.double';
import { databaseSnapshot } from '../test/db-snapshot';
import { deliverSquareEvent } from '../test/square-webhooks';
import { SQUARE_SAMPLE_WEBHOOK, startSquareShop } from '../test/square-shop';
import type { TestApp } from '../test/test-app';
import { type CheckoutFixtures, checkoutBody } from './orders.fixtures';

const COMPLETE = '/api/square/checkout/complete';
const WEBHOOKS = '/api/square/webhooks';
const SQUARE_CALL_MS = 5000;
const fixture = (name: string) => JSON.parse(readFileSync(join(__dirname, 'fixtures', name), 'utf8'));
/** The suite's webhook key and URL are those of Square's own signed sample. */
const SAMPLE = SQUARE_SAMPLE_WEBHOOK;

type Agent = ReturnType<typeof supertest.agent>;

/**
 * Payment settlement with Square connected (the real SDK against the local double): no database
 * connection is held while Square answers, a charge Square never answered is settled afterwards
 * by the reconciler or by Square's webhooks, and webhooks are taken only with Square's signature.
 */
describe('payment settlement outside database transactions', () => {
  let square: SquareApiDouble;
  let t: TestApp;
  let f: CheckoutFixtures;

  startSquareShop((shop) => ({ square, t, f } = shop), { token: 'EAAA-settlement-token', webhooks: true });
  beforeAll(() => square.customers.push({ id: 'CUST-ADA', email_address: 'ada@example.com' }));

  const orderRow = async (id: string) =>
    (await t.dataSource.query(`SELECT status, payment_id, payment_status, refund_status, refunded_cents FROM orders WHERE id = $1`, [id]))[0];
  const events = async (id: string) =>
    t.dataSource.query(`SELECT type, from_status, to_status, source FROM order_events WHERE order_id = $1 ORDER BY id`, [id]);
  /** A checkout whose charge Square carries out but whose answer never arrives: the order stays pending. */
  async function unansweredCharge(): Promise<{ orderId: string; payment: WirePayment }> {
    square.beforeAnswer = (r) => (r.method === 'POST' && r.path === '/v2/payments' ? 'drop' : undefined);
    const res = await t.agent().post(COMPLETE).send(checkoutBody(f));
    square.beforeAnswer = undefined;
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('PAYMENT_OUTCOME_UNKNOWN');
    const payment = square.payments.at(-1)!;
    const orderId = payment.reference_id!;
    expect(await orderRow(orderId)).toMatchObject({ status: 'PENDING', payment_id: null });
    return { orderId, payment };
  }
  /** Delivers a signed event and waits for its job: the webhook answers before the work is done. */
  const postWebhook = (event: unknown, key = SAMPLE.signatureKey) => deliverSquareEvent(t, event, SAMPLE, key);

  it('never makes reads wait while Square answers a checkout: 50 reads finish before Square’s first answer', async () => {
    const buyer = t.agent();
    expect((await buyer.post('/api/register').send({ username: 'slow-square-buyer', email: 'slow@example.com', password: 'secret-123' })).status).toBeLessThan(
      300,
    );
    square.delayMs = SQUARE_CALL_MS;
    const started = Date.now();
    const checkout = buyer
      .post(COMPLETE)
      .send(checkoutBody(f))
      .then((res) => ({ res, at: Date.now() }));
    while (square.requests.length === 0) await new Promise((r) => setTimeout(r, 10));

    const read = async (agent: Agent, path: string) => {
      const res = await agent.get(path);
      return { path, status: res.status, at: Date.now() };
    };
    const reads = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        if (i % 5 === 0) return read(t.agent(), '/api/ready');
        if (i % 5 === 1) return read(buyer, '/api/user');
        if (i % 5 === 2) return read(buyer, '/api/me/orders');
        return read(t.agent(), `/api/square/catalog/products/slug/not-cached-${i}`); // a 404 is never kept by the answer cache
      }),
    );
    const { res, at: paidAt } = await checkout;
    expect(res.status).toBe(200);

    const firstAnswer = square.answered[0].at;
    expect(firstAnswer - started).toBeGreaterThanOrEqual(SQUARE_CALL_MS - 50);
    expect(reads.filter((r) => r.status >= 500)).toEqual([]);
    expect(reads.filter((r) => r.path === '/api/ready' || r.path === '/api/user' || r.path === '/api/me/orders').map((r) => r.status)).toEqual(
      Array(30).fill(200),
    );
    // Every read answered while Square was still working on the first call of the checkout.
    expect(reads.filter((r) => r.at >= firstAnswer)).toEqual([]);
    expect(paidAt - started).toBeGreaterThanOrEqual(square.answered.length * (SQUARE_CALL_MS - 50));
    expect(await orderRow(res.body.orderId)).toMatchObject({ status: 'COMPLETED', payment_id: res.body.paymentId, payment_status: 'COMPLETED' });
    expect(await events(res.body.orderId)).toEqual([
      { type: 'placed', from_status: null, to_status: 'PENDING', source: 'checkout' },
      { type: 'paid', from_status: 'PENDING', to_status: 'COMPLETED', source: 'checkout' },
    ]);
  }, 120_000);

  describe('the reconciler', () => {
    const backdate = (orderId: string) => t.dataSource.query(`UPDATE orders SET created_at = now() - interval '1 hour' WHERE id = $1`, [orderId]);
    /** One reconciler run, as the orders saw it. */
    const reconcileOrders = async () => (await t.app.get(PaymentReconciler).reconcile()).kinds.order;

    it('settles a charge whose answer was lost as paid, with Square’s payment id, by its reference', async () => {
      const { orderId, payment } = await unansweredCharge();
      expect(await reconcileOrders()).toEqual({ paid: 0, failed: 0, refundsAsked: 0, left: 0 }); // not old enough: may still be in flight
      await backdate(orderId);
      expect(await reconcileOrders()).toEqual({ paid: 1, failed: 0, refundsAsked: 0, left: 0 });
      expect(await orderRow(orderId)).toMatchObject({ status: 'COMPLETED', payment_id: payment.id, payment_status: 'COMPLETED' });
      expect((await events(orderId)).at(-1)).toEqual({ type: 'paid', from_status: 'PENDING', to_status: 'COMPLETED', source: 'reconciler' });
      const [list] = square.calls('/v2/payments').filter((r) => r.method === 'GET');
      expect(list.query.get('location_id')).toBe('LOC-MAIN');
      expect(list.query.get('total')).toBe(String(payment.total_money?.amount));
      expect(await reconcileOrders()).toEqual({ paid: 0, failed: 0, refundsAsked: 0, left: 0 });
    });

    it('removes a pending order Square has no payment for (nothing charged), and the buyer can pay again with the same key', async () => {
      const body = checkoutBody(f);
      square.beforeAnswer = (r) => (r.method === 'POST' && r.path === '/v2/orders' ? 'drop' : undefined);
      const lost = await t.agent().post(COMPLETE).send(body);
      square.beforeAnswer = undefined;
      expect(lost.status).toBe(402); // the charge was never sent: Square's order step failed, nothing charged
      const orderId = square.calls('/v2/orders')[0].body!.order.reference_id as string;
      expect(await orderRow(orderId)).toBeUndefined();

      // A crash between claim and charge leaves the same pending order: the reconciler removes it.
      await t.dataSource.query(
        `INSERT INTO orders (id, idempotency_key, email, status, test_mode, currency, subtotal_cents, shipping_cents, tax_cents, total_cents,
          shipping_first_name, shipping_last_name, shipping_phone, shipping_address, shipping_city, shipping_state, shipping_zip, shipping_country, created_at)
        VALUES ($1, $2, 'ada@example.com', 'PENDING', false, 'USD', 3048, 599, 213, 3860, 'Ada', 'Lovelace', '5551234567', '12 Analytical Way', 'Springfield', 'IL', '62701', 'US', now() - interval '1 hour')`,
        [orderId, body.idempotencyKey],
      );
      expect(await reconcileOrders()).toEqual({ paid: 0, failed: 1, refundsAsked: 0, left: 0 });
      expect(await orderRow(orderId)).toBeUndefined();

      const retry = await t.agent().post(COMPLETE).send(body);
      expect(retry.status).toBe(200);
      expect(retry.body.orderId).toBe(orderId);
      expect(square.payments.filter((p) => p.reference_id === orderId)).toHaveLength(1);
    });

    it('removes a test-mode order a crash left pending: nothing was charged', async () => {
      const body = checkoutBody(f);
      const [{ id }] = await t.dataSource.query(
        `INSERT INTO orders (idempotency_key, email, status, test_mode, currency, subtotal_cents, shipping_cents, tax_cents, total_cents,
          shipping_first_name, shipping_last_name, shipping_phone, shipping_address, shipping_city, shipping_state, shipping_zip, shipping_country, created_at)
        VALUES ($1, 'ada@example.com', 'PENDING', true, 'USD', 3048, 599, 213, 3860, 'Ada', 'Lovelace', '5551234567', '12 Analytical Way', 'Springfield', 'IL', '62701', 'US', now() - interval '1 hour') RETURNING id`,
        [body.idempotencyKey],
      );
      expect(await reconcileOrders()).toEqual({ paid: 0, failed: 1, refundsAsked: 0, left: 0 });
      expect(await orderRow(id)).toBeUndefined();
      expect(square.calls('/v2/payments')).toHaveLength(0);
    });
  });

  describe('POST /api/square/webhooks', () => {
    it('accepts Square’s own signed sample notification and refuses it altered, unsigned or signed with another key, changing nothing', async () => {
      const send = (body: string, signature?: string) => {
        const req = t.agent().post(WEBHOOKS).set('Content-Type', 'application/json');
        return (signature === undefined ? req : req.set('x-square-hmacsha256-signature', signature)).send(body);
      };
      const ok = await send(SAMPLE.requestBody, SAMPLE.signatureHeader);
      expect([ok.status, ok.body]).toEqual([200, { received: true }]);
      // Taken: recorded under its event_id, a type the shop does not use.
      const eventId = (JSON.parse(SAMPLE.requestBody) as { event_id: string }).event_id;
      expect(await t.dataSource.query(`SELECT type, outcome FROM square_webhook_events WHERE event_id = $1`, [eventId])).toEqual([
        { type: 'webhooks.test_notification', outcome: 'ignored' },
      ]);
      const before = await databaseSnapshot(t.dataSource);
      const altered = await send(SAMPLE.requestBody.replace('2022-07-13', '2022-06-13'), SAMPLE.signatureHeader);
      expect([altered.status, altered.body.code]).toEqual([403, 'WEBHOOK_SIGNATURE_INVALID']);
      const reformatted = await send(JSON.stringify(JSON.parse(SAMPLE.requestBody), null, 2), SAMPLE.signatureHeader);
      expect(reformatted.status).toBe(403);
      const unsigned = await send(SAMPLE.requestBody);
      expect([unsigned.status, unsigned.body.code]).toEqual([400, 'WEBHOOK_SIGNATURE_MISSING']);
      const forged = await postWebhook(JSON.parse(SAMPLE.requestBody), 'MCmhFRxGX82xMwg5FsaoQA');
      expect(forged.status).toBe(403);
      expect(await databaseSnapshot(t.dataSource)).toBe(before);
    });

    it('refuses a forged payment.updated: the pending order stays pending', async () => {
      const { orderId, payment } = await unansweredCharge();
      const res = await postWebhook(squareWebhookEvent('payment.updated', payment), 'not-the-subscription-key');
      expect(res.status).toBe(403);
      expect(await orderRow(orderId)).toMatchObject({ status: 'PENDING' });
      await t.dataSource.query(`DELETE FROM orders WHERE id = $1`, [orderId]);
    });

    it('payment.updated (Square’s example, pointed at our payment) settles the pending order once', async () => {
      const { orderId, payment } = await unansweredCharge();
      const event = fixture('square-payment-updated.json');
      Object.assign(event.data.object.payment, { id: payment.id, reference_id: orderId, order_id: payment.order_id, status: 'COMPLETED' });
      for (let delivery = 0; delivery < 2; delivery++) {
        const res = await postWebhook(event);
        expect([res.status, res.body]).toEqual([200, { received: true }]);
      }
      expect(await orderRow(orderId)).toMatchObject({ status: 'COMPLETED', payment_id: payment.id, payment_status: 'COMPLETED' });
      expect((await events(orderId)).filter((e: { type: string }) => e.type === 'paid')).toEqual([
        { type: 'paid', from_status: 'PENDING', to_status: 'COMPLETED', source: 'webhook' },
      ]);
    });

    it('settles an order once when payment.updated comes before Square’s answer reaches the checkout: the checkout answers as paid', async () => {
      const event = fixture('square-payment-updated.json');
      // Square's event about this payment, under an event_id of its own.
      event.event_id = `${event.event_id}-before-the-answer`;
      square.beforeAnswer = async (r) => {
        if (r.method !== 'POST' || r.path !== '/v2/payments') return;
        square.beforeAnswer = undefined;
        const payment = square.payments.at(-1)!;
        Object.assign(event.data.object.payment, { id: payment.id, reference_id: payment.reference_id, order_id: payment.order_id, status: 'COMPLETED' });
        expect((await postWebhook(event)).status).toBe(200);
      };
      const res = await t.agent().post(COMPLETE).send(checkoutBody(f));
      expect(res.status).toBe(200);
      const { orderId, paymentId } = res.body as { orderId: string; paymentId: string };
      expect(await orderRow(orderId)).toMatchObject({ status: 'COMPLETED', payment_id: paymentId, payment_status: 'COMPLETED' });
      expect((await events(orderId)).filter((e: { type: string }) => e.type === 'paid')).toEqual([
        { type: 'paid', from_status: 'PENDING', to_status: 'COMPLETED', source: 'webhook' },
      ]);
      const mails: { template: string }[] = await t.dataSource.query(`SELECT template FROM mail_outbox WHERE data->>'orderNumber' = $1 ORDER BY template`, [
        orderNumberOf(orderId),
      ]);
      expect(mails.map((m) => m.template)).toEqual(['new-order-alert', 'order-confirmation']);
    });

    it('moves an approved payment to OPEN, then COMPLETED; a late APPROVED does not move it back', async () => {
      const { orderId, payment } = await unansweredCharge();
      expect((await postWebhook(squareWebhookEvent('payment.updated', { ...payment, status: 'APPROVED' }))).status).toBe(200);
      expect(await orderRow(orderId)).toMatchObject({ status: 'OPEN', payment_status: 'APPROVED' });
      expect((await postWebhook(squareWebhookEvent('payment.updated', { ...payment, status: 'COMPLETED' }))).status).toBe(200);
      expect((await postWebhook(squareWebhookEvent('payment.updated', { ...payment, status: 'APPROVED' }))).status).toBe(200);
      expect(await orderRow(orderId)).toMatchObject({ status: 'COMPLETED', payment_status: 'COMPLETED' });
      expect((await events(orderId)).map((e: { to_status: string }) => e.to_status)).toEqual(['PENDING', 'OPEN', 'COMPLETED']);
    });

    it('a FAILED payment removes the pending order; a payment of no order of ours changes nothing', async () => {
      const { orderId, payment } = await unansweredCharge();
      expect((await postWebhook(squareWebhookEvent('payment.updated', { ...payment, status: 'FAILED' }))).status).toBe(200);
      expect(await orderRow(orderId)).toBeUndefined();
      const before = await databaseSnapshot(t.dataSource, ['square_webhook_events']);
      const stranger = await postWebhook(
        squareWebhookEvent('payment.updated', { ...payment, id: 'PAY-SOLD-AT-THE-COUNTER', reference_id: null, status: 'COMPLETED' }),
      );
      expect(stranger.status).toBe(200);
      // Only its record: taken, owned by nothing of ours.
      expect(await databaseSnapshot(t.dataSource, ['square_webhook_events'])).toBe(before);
    });

    it('refund.updated (Square’s example, pointed at our payment) records the refund state and counts a completed refund once', async () => {
      const res = await t.agent().post(COMPLETE).send(checkoutBody(f));
      expect(res.status).toBe(200);
      const payment = square.payments.find((p) => p.id === res.body.paymentId)!;
      const event = fixture('square-refund-updated.json');
      Object.assign(event.data.object.refund, squareRefund(payment, 1000, 'PENDING', 'REFUND-1'));
      expect((await postWebhook(event)).status).toBe(200);
      expect(await orderRow(res.body.orderId)).toMatchObject({ status: 'COMPLETED', refund_status: 'PENDING', refunded_cents: 0 });
      // Square's next event about the refund, under an event_id of its own, delivered twice.
      event.event_id = `${event.event_id}-completed`;
      event.data.object.refund.status = 'COMPLETED';
      for (let delivery = 0; delivery < 2; delivery++) expect((await postWebhook(event)).status).toBe(200);
      expect(await orderRow(res.body.orderId)).toMatchObject({ status: 'COMPLETED', refund_status: 'COMPLETED', refunded_cents: 1000 });
      expect((await events(res.body.orderId)).filter((e: { type: string }) => e.type === 'refund')).toHaveLength(2);
    });

    it('answers a signed event it cannot read with 400, changing nothing', async () => {
      const before = await databaseSnapshot(t.dataSource);
      const res = await postWebhook({ type: 'payment.updated', event_id: 'unreadable-payment-event', data: { object: { payment: { status: 'COMPLETED' } } } });
      expect([res.status, res.body.code]).toEqual([400, 'WEBHOOK_EVENT_INVALID']);
      expect(await databaseSnapshot(t.dataSource)).toBe(before);
    });
  });
});
