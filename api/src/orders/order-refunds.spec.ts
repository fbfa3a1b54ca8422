import { adminOrderDetailSchema } from '@cocoa/shared-types';
import { SquareClient, SquareError } from 'square';
import { type SquareApiDouble, squareWebhookEvent, type WireRefund } from '../square/square-api.double';
import { deliverSquareEvent } from '../test/square-webhooks';
import { SQUARE_SAMPLE_WEBHOOK, startSquareShop } from '../test/square-shop';
import { TEST_ADMIN, type TestAgent, type TestApp } from '../test/test-app';
import { type CheckoutFixtures, checkoutBody } from './orders.fixtures';

const COMPLETE = '/api/square/checkout/complete';
const ADMIN = '/api/admin/orders';
/** The suite's webhook key and URL are those of Square's own signed sample. */
const SAMPLE = SQUARE_SAMPLE_WEBHOOK;

/**
 * Refunds of Square payments through Square's Refunds API: the real `square` SDK against the local
 * double, each order paid through the double first. No Square call is made inside a transaction:
 * the refund is committed PENDING, Square is asked, then the answer is settled.
 */
describe('refunds of Square payments (real SDK against the double)', () => {
  let square: SquareApiDouble;
  let t: TestApp;
  let f: CheckoutFixtures;
  let admin: TestAgent;

  startSquareShop((shop) => ({ square, t, f } = shop), { token: 'EAAA-refunds-token', webhooks: true });
  beforeAll(async () => {
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
  });

  /** A checkout paid through the double: $38.60. */
  async function paidOrder(): Promise<{ id: string; paymentId: string }> {
    const res = await t
      .agent()
      .post(COMPLETE)
      .send(checkoutBody(f, { sourceId: 'cnon:card-from-web-payments' }));
    expect(res.status).toBe(200);
    expect(res.body.testMode).toBe(false);
    return { id: res.body.orderId, paymentId: res.body.paymentId };
  }
  const refundCalls = () => square.calls('/v2/refunds');
  const refundRows = async (orderId: string) =>
    t.dataSource.query(`SELECT status, amount_cents, square_refund_id FROM order_refunds WHERE order_id = $1 ORDER BY created_at`, [orderId]);
  const mailsTo = async (template: string) =>
    Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE template = $1`, [template]))[0].n);
  /** Delivers refund.updated and waits for its job: the webhook answers before the work is done. */
  const postWebhook = (refund: WireRefund) => deliverSquareEvent(t, squareWebhookEvent('refund.updated', refund), SAMPLE);

  it('a paid Square order starts as paid and queues its confirmation', async () => {
    const before = await mailsTo('order-confirmation');
    const { id } = await paidOrder();
    const d = adminOrderDetailSchema.parse((await admin.get(`${ADMIN}/${id}`)).body);
    expect(d).toMatchObject({
      fulfilmentStatus: 'paid',
      testMode: false,
      payment: { provider: 'square', paymentId: expect.stringMatching(/^PAY-/), paymentStatus: 'COMPLETED', squareOrderId: expect.stringMatching(/^ORDER-/) },
    });
    expect(await mailsTo('order-confirmation')).toBe(before + 1);
  });

  it('refunds part by amount through RefundPayment with our refund id as the idempotency key; the webhook completes it once', async () => {
    const { id, paymentId } = await paidOrder();
    const mails = await mailsTo('order-refunded');
    const res = await admin.post(`${ADMIN}/${id}/refunds`).send({ amountCents: 500, reason: 'Late delivery goodwill' });
    expect(res.status).toBe(200);
    const d = adminOrderDetailSchema.parse(res.body);
    const [call] = refundCalls();
    expect(call.body).toEqual({
      idempotency_key: d.refunds[0].id,
      amount_money: { amount: 500, currency: 'USD' },
      payment_id: paymentId,
      reason: 'Late delivery goodwill',
    });
    expect(call.authorization).toBe('Bearer EAAA-refunds-token');
    // Square answers PENDING: it counts against what remains, not yet as refunded.
    expect(d.refunds).toEqual([
      expect.objectContaining({ amountCents: 500, status: 'PENDING', squareRefundId: square.refunds[0].id, createdBy: 'admin:admin' }),
    ]);
    expect(d.totals).toMatchObject({ refundedCents: 0, pendingRefundCents: 500, refundableCents: 3360 });
    expect(d.timeline.slice(-2).map((e) => [e.actor, e.type])).toEqual([
      ['admin:admin', 'refund-requested'],
      ['admin:admin', 'refunded'],
    ]);
    expect(await mailsTo('order-refunded')).toBe(mails + 1);

    const completed = { ...square.refunds[0], status: 'COMPLETED' };
    for (let i = 0; i < 2; i++) expect((await postWebhook(completed)).status).toBe(200);
    const after = adminOrderDetailSchema.parse((await admin.get(`${ADMIN}/${id}`)).body);
    expect(after.refunds[0].status).toBe('COMPLETED');
    expect(after.totals).toMatchObject({ refundedCents: 500, pendingRefundCents: 0, refundableCents: 3360 });
  });

  it('refunds by line (price plus tax) and counts a refund Square completes at once, once, even when its webhook follows', async () => {
    await t.dataSource.query(`UPDATE products SET stock_count = 10 WHERE id = $1`, [f.mug.id]);
    const { id } = await paidOrder();
    square.refundStatus = 'COMPLETED';
    const mug = adminOrderDetailSchema.parse((await admin.get(`${ADMIN}/${id}`)).body).lines[1];
    const res = await admin.post(`${ADMIN}/${id}/refunds`).send({ lines: [{ itemId: mug.id, quantity: 1 }], reason: 'Chipped mug', restock: true });
    expect(res.status).toBe(200);
    // $4.50 + its share of the order's tax: $2.13 × 4.50 / 30.48 = $0.31
    expect(refundCalls()[0].body?.amount_money).toEqual({ amount: 481, currency: 'USD' });
    expect(res.body.totals).toMatchObject({ refundedCents: 481, refundableCents: 3860 - 481 });
    expect(res.body.refunds[0]).toMatchObject({ status: 'COMPLETED', restocked: true, lines: [{ itemId: mug.id, quantity: 1 }] });
    expect(Number((await t.dataSource.query(`SELECT stock_count FROM products WHERE id = $1`, [f.mug.id]))[0].stock_count)).toBe(10);

    expect((await postWebhook(square.refunds.at(-1)!)).status).toBe(200);
    expect((await admin.get(`${ADMIN}/${id}`)).body.totals.refundedCents).toBe(481);
  });

  it('never asks Square for more than remains, and records Square’s own refusal as a failed refund', async () => {
    const { id, paymentId } = await paidOrder();
    const over = await admin.post(`${ADMIN}/${id}/refunds`).send({ amountCents: 3861, reason: 'Too much' });
    expect([over.status, over.body.message]).toEqual([409, 'At most $38.60 can still be refunded on this order.']);
    expect(refundCalls()).toEqual([]);

    // A refund made in Square's dashboard leaves less at Square than we know of: Square refuses.
    square.refunds.push({
      id: 'DASHBOARD-REFUND',
      status: 'COMPLETED',
      amount_money: { amount: 3000, currency: 'USD' },
      payment_id: paymentId,
      created_at: '',
      updated_at: '',
    });
    const refused = await admin.post(`${ADMIN}/${id}/refunds`).send({ amountCents: 1000, reason: 'Goodwill' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: 'Square refused the refund: The requested refund amount exceeds the amount available to refund.',
      code: 'SQUARE_REFUND_AMOUNT_INVALID',
    });
    const d = adminOrderDetailSchema.parse((await admin.get(`${ADMIN}/${id}`)).body);
    expect(d.refunds).toEqual([expect.objectContaining({ status: 'FAILED', amountCents: 1000 })]);
    expect(d.totals).toMatchObject({ refundedCents: 0, pendingRefundCents: 0, refundableCents: 3860 });
    expect(d.timeline.at(-1)).toMatchObject({ type: 'refund-failed', detail: { code: 'SQUARE_REFUND_AMOUNT_INVALID' } });
  });

  it('cancels before shipping by refunding the rest through Square', async () => {
    const { id, paymentId } = await paidOrder();
    await admin.post(`${ADMIN}/${id}/refunds`).send({ amountCents: 860, reason: 'Partial' });
    const res = await admin.post(`${ADMIN}/${id}/cancel`).send({ reason: 'Out of the tin size they wanted', restock: false });
    expect(res.status).toBe(200);
    expect(refundCalls().map((c) => [c.body?.payment_id, c.body?.amount_money.amount])).toEqual([
      [paymentId, 860],
      [paymentId, 3000],
    ]);
    expect(res.body).toMatchObject({ fulfilmentStatus: 'cancelled', status: 'COMPLETED', totals: { refundableCents: 0, pendingRefundCents: 3860 } });
    expect(res.body.timeline.at(-1)).toMatchObject({ type: 'cancelled', from: 'paid', to: 'cancelled', actor: 'admin:admin' });
  });

  it('leaves a refund Square never answered pending, holds the order still, and retries it with the same key: one refund at Square', async () => {
    const { id } = await paidOrder();
    square.beforeAnswer = (r) => (r.path === '/v2/refunds' ? 'drop' : undefined);
    const lost = await admin.post(`${ADMIN}/${id}/refunds`).send({ amountCents: 1200, reason: 'Wrong flavour' });
    square.beforeAnswer = undefined;
    expect(lost.status).toBe(502);
    expect(lost.body.code).toBe('REFUND_OUTCOME_UNKNOWN');
    const [row] = await refundRows(id);
    expect(row).toMatchObject({ status: 'PENDING', amount_cents: 1200, square_refund_id: null });

    const meanwhile = await admin.post(`${ADMIN}/${id}/refunds`).send({ amountCents: 100, reason: 'More' });
    expect([meanwhile.status, meanwhile.body.code]).toEqual([409, 'REFUND_IN_FLIGHT']);
    expect((await admin.post(`${ADMIN}/${id}/fulfilment`).send({ to: 'packed' })).body.code).toBe('REFUND_IN_FLIGHT');
    expect((await admin.post(`${ADMIN}/${id}/cancel`).send({ reason: 'x' })).body.code).toBe('REFUND_IN_FLIGHT');

    const refundId = (await admin.get(`${ADMIN}/${id}`)).body.refunds[0].id as string;
    const retried = await admin.post(`${ADMIN}/${id}/refunds/${refundId}/retry`).send({});
    expect(retried.status).toBe(200);
    expect(refundCalls().map((c) => c.body?.idempotency_key)).toEqual([refundId, refundId]);
    expect(square.refunds.filter((r) => r.amount_money.amount === 1200)).toHaveLength(1);
    expect(retried.body.refunds[0]).toMatchObject({ status: 'PENDING', squareRefundId: square.refunds.at(-1)!.id });
    const again = await admin.post(`${ADMIN}/${id}/refunds/${refundId}/retry`).send({});
    expect([again.status, again.body.code]).toEqual([409, 'REFUND_SETTLED']);
    expect((await admin.post(`${ADMIN}/${id}/refunds/0f0f0f0f-0000-4000-8000-000000000000/retry`).send({})).status).toBe(404);
  });

  describe("the double's RefundPayment follows Square's reference", () => {
    const client = () => new SquareClient({ baseUrl: square.url, token: 'EAAA-refunds-token', maxRetries: 0 });
    const errorOf = async (request: Promise<unknown>) => {
      try {
        await request;
      } catch (err) {
        if (err instanceof SquareError) return { status: err.statusCode, code: err.errors[0]?.code, field: err.errors[0]?.field };
      }
      throw new Error('expected Square to refuse');
    };

    it('refuses a key over 45 characters, a reason over 192, a missing amount or payment, an unknown payment, a reused key with another amount', async () => {
      const { paymentId } = await paidOrder();
      const money = (amount: number) => ({ amount: BigInt(amount), currency: 'USD' as const });
      expect(await errorOf(client().refunds.refundPayment({ idempotencyKey: 'k'.repeat(46), amountMoney: money(100), paymentId }))).toEqual({
        status: 400,
        code: 'VALUE_TOO_LONG',
        field: 'idempotency_key',
      });
      expect(await errorOf(client().refunds.refundPayment({ idempotencyKey: 'k-1', amountMoney: money(100), paymentId, reason: 'r'.repeat(193) }))).toEqual({
        status: 400,
        code: 'VALUE_TOO_LONG',
        field: 'reason',
      });
      expect(await errorOf(client().refunds.refundPayment({ idempotencyKey: 'k-2', amountMoney: money(100) }))).toEqual({
        status: 400,
        code: 'MISSING_REQUIRED_PARAMETER',
        field: 'payment_id',
      });
      const raw = await fetch(`${square.url}/v2/refunds`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ idempotency_key: 'k-3', payment_id: paymentId }),
      });
      expect([raw.status, ((await raw.json()) as { errors: { code: string; field: string }[] }).errors[0]]).toEqual([
        400,
        expect.objectContaining({ code: 'MISSING_REQUIRED_PARAMETER', field: 'amount_money' }),
      ]);
      expect(await errorOf(client().refunds.refundPayment({ idempotencyKey: 'k-4', amountMoney: money(100), paymentId: 'NO-SUCH-PAYMENT' }))).toEqual({
        status: 404,
        code: 'NOT_FOUND',
        field: undefined,
      });
      expect(await errorOf(client().refunds.refundPayment({ idempotencyKey: 'k-5', amountMoney: money(3861), paymentId }))).toEqual({
        status: 400,
        code: 'REFUND_AMOUNT_INVALID',
        field: undefined,
      });

      const first = await client().refunds.refundPayment({ idempotencyKey: 'k-6', amountMoney: money(100), paymentId, reason: 'ok' });
      expect(first.refund).toMatchObject({ status: 'PENDING', amountMoney: { amount: BigInt(100), currency: 'USD' }, paymentId });
      const same = await client().refunds.refundPayment({ idempotencyKey: 'k-6', amountMoney: money(100), paymentId, reason: 'ok' });
      expect(same.refund?.id).toBe(first.refund?.id);
      expect(await errorOf(client().refunds.refundPayment({ idempotencyKey: 'k-6', amountMoney: money(200), paymentId }))).toEqual({
        status: 400,
        code: 'IDEMPOTENCY_KEY_REUSED',
        field: undefined,
      });
    });
  });
});
