import { type CheckoutFixtures, checkoutBody } from '../orders/orders.fixtures';
import { type SquareApiDouble, squareRefund, squareWebhookEvent, type WirePayment } from '../square/square-api.double';
import { databaseSnapshot } from '../test/db-snapshot';
import { eventually } from '../test/eventually';
import { deliverSquareEvent, postSquareEvent, squareEventHandled } from '../test/square-webhooks';
import { SQUARE_SAMPLE_WEBHOOK, startSquareShop } from '../test/square-shop';
import type { TestApp } from '../test/test-app';
import { PaymentsService } from './payments.service';
import type { PaymentKind } from './payments.types';
import { SQUARE_EVENT_JOB, SQUARE_EVENTS_PRUNE_JOB, SquareWebhookService } from './square-webhook.service';

const COMPLETE = '/api/square/checkout/complete';
/** The suite's webhook key and URL are those of Square's own signed sample. */
const SAMPLE = SQUARE_SAMPLE_WEBHOOK;
/** Square's updated_at of two successive states of one payment or refund. */
const EARLIER = '2030-03-01T15:00:00.120Z';
const LATER = '2030-03-01T15:04:10.480Z';

type Row = Record<string, unknown>;

/**
 * Square's webhooks taken once by event_id, handled in the job queue, and right in any order
 * (docs/decisions.md, "Square's webhooks"), with the real SDK against the local Square double.
 */
describe('Square webhook events', () => {
  let square: SquareApiDouble;
  let t: TestApp;
  let f: CheckoutFixtures;

  startSquareShop((shop) => ({ square, t, f } = shop), { token: 'EAAA-webhook-events-token', webhooks: true });

  const deliver = (event: unknown) => deliverSquareEvent(t, event, SAMPLE);
  const orderRow = async (id: string): Promise<Row | undefined> =>
    (await t.dataSource.query(`SELECT status, payment_id, payment_status, refund_status, refunded_cents FROM orders WHERE id = $1`, [id]))[0];
  const history = (id: string): Promise<Row[]> =>
    t.dataSource.query(`SELECT type, from_status, to_status, source FROM order_events WHERE order_id = $1 ORDER BY id`, [id]);
  const recorded = async (eventId: unknown): Promise<Row | undefined> =>
    (
      await t.dataSource.query(`SELECT type, payment_id, outcome, handled_at IS NOT NULL AS handled FROM square_webhook_events WHERE event_id = $1`, [eventId])
    )[0];
  const jobsOf = async (eventId: unknown): Promise<number> =>
    (await t.dataSource.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'eventId' = $2`, [SQUARE_EVENT_JOB, eventId]))[0].n;
  const confirmations = async (): Promise<number> =>
    (await t.dataSource.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE template = 'order-confirmation'`))[0].n;

  /** A checkout whose charge Square carries out but whose answer never arrives: the order stays pending, Square has the payment. */
  async function unansweredCharge(): Promise<{ orderId: string; payment: WirePayment }> {
    square.beforeAnswer = (r) => (r.method === 'POST' && r.path === '/v2/payments' ? 'drop' : undefined);
    const res = await t.agent().post(COMPLETE).send(checkoutBody(f));
    square.beforeAnswer = undefined;
    expect(res.body.code).toBe('PAYMENT_OUTCOME_UNKNOWN');
    const payment = square.payments.at(-1)!;
    expect(await orderRow(payment.reference_id!)).toMatchObject({ status: 'PENDING', payment_id: null });
    return { orderId: payment.reference_id!, payment };
  }

  /** A checkout Square answered: the order is paid. */
  async function paidOrder(): Promise<{ orderId: string; payment: WirePayment }> {
    const res = await t.agent().post(COMPLETE).send(checkoutBody(f));
    expect(res.status).toBe(200);
    return { orderId: res.body.orderId, payment: square.payments.find((p) => p.id === res.body.paymentId)! };
  }

  it('takes an event once: delivered three times at once and again later, it answers 200 each time; one move, history row, e-mail and job', async () => {
    const { orderId, payment } = await unansweredCharge();
    const mails = await confirmations();
    const event = squareWebhookEvent('payment.updated', { ...payment, status: 'COMPLETED' });
    const together = await Promise.all([postSquareEvent(t, event, SAMPLE), postSquareEvent(t, event, SAMPLE), postSquareEvent(t, event, SAMPLE)]);
    expect(together.map((r) => [r.status, r.body])).toEqual(Array(3).fill([200, { received: true }]));
    await squareEventHandled(t, String(event.event_id));
    const again = await deliver(event);
    expect([again.status, again.body]).toEqual([200, { received: true }]);

    expect(await orderRow(orderId)).toMatchObject({ status: 'COMPLETED', payment_id: payment.id, payment_status: 'COMPLETED' });
    expect(await history(orderId)).toEqual([
      { type: 'placed', from_status: null, to_status: 'PENDING', source: 'checkout' },
      { type: 'paid', from_status: 'PENDING', to_status: 'COMPLETED', source: 'webhook' },
    ]);
    expect(await confirmations()).toBe(mails + 1);
    expect(await recorded(event.event_id)).toEqual({ type: 'payment.updated', payment_id: payment.id, outcome: 'handled', handled: true });
    expect(await jobsOf(event.event_id)).toBe(1);
  });

  it('handles two different events of one payment, each once: APPROVED, then COMPLETED', async () => {
    const { orderId, payment } = await unansweredCharge();
    const approved = squareWebhookEvent('payment.updated', { ...payment, status: 'APPROVED', updated_at: EARLIER });
    const completed = squareWebhookEvent('payment.updated', { ...payment, status: 'COMPLETED', updated_at: LATER });
    expect((await deliver(approved)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'OPEN', payment_status: 'APPROVED' });
    expect((await deliver(completed)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'COMPLETED', payment_status: 'COMPLETED' });
    expect((await history(orderId)).map((e) => e.to_status)).toEqual(['PENDING', 'OPEN', 'COMPLETED']);
    for (const e of [approved, completed]) expect(await recorded(e.event_id)).toMatchObject({ outcome: 'handled', handled: true });
  });

  it('does not move an order back for an older payment status that arrives after a newer one', async () => {
    const { orderId, payment } = await unansweredCharge();
    expect((await deliver(squareWebhookEvent('payment.updated', { ...payment, status: 'COMPLETED', updated_at: LATER }))).status).toBe(200);
    const late = squareWebhookEvent('payment.updated', { ...payment, status: 'APPROVED', updated_at: EARLIER });
    expect((await deliver(late)).status).toBe(200);
    expect(await recorded(late.event_id)).toMatchObject({ outcome: 'stale', handled: true });
    expect(await orderRow(orderId)).toMatchObject({ status: 'COMPLETED', payment_status: 'COMPLETED' });
    expect((await history(orderId)).map((e) => e.to_status)).toEqual(['PENDING', 'COMPLETED']);
  });

  it('keeps a refund that arrives before its payment, and records it once the payment is: the order ends paid, refunded', async () => {
    const { orderId, payment } = await unansweredCharge();
    // Square's two events of the refund arrive before the payment's, the later state first.
    const refundCompleted = squareWebhookEvent('refund.updated', { ...squareRefund(payment, 1000, 'COMPLETED'), id: 'REFUND-EARLY', updated_at: LATER });
    const refundPending = squareWebhookEvent('refund.updated', { ...squareRefund(payment, 1000, 'PENDING'), id: 'REFUND-EARLY', updated_at: EARLIER });
    for (const e of [refundCompleted, refundPending]) {
      expect((await deliver(e)).status).toBe(200);
      expect(await recorded(e.event_id)).toMatchObject({ payment_id: payment.id, outcome: 'unmatched', handled: true });
    }
    expect(await orderRow(orderId)).toMatchObject({ status: 'PENDING', refund_status: null, refunded_cents: 0 });

    expect((await deliver(squareWebhookEvent('payment.updated', { ...payment, status: 'COMPLETED' }))).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'COMPLETED', payment_status: 'COMPLETED', refund_status: 'COMPLETED', refunded_cents: 1000 });
    expect((await history(orderId)).map((e) => e.type)).toEqual(['placed', 'paid', 'refund', 'refund']);
    for (const e of [refundCompleted, refundPending]) expect(await recorded(e.event_id)).toMatchObject({ outcome: 'handled' });

    // The payment's next event hands nothing on again.
    expect((await deliver(squareWebhookEvent('payment.updated', { ...payment, status: 'COMPLETED' }))).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ refund_status: 'COMPLETED', refunded_cents: 1000 });
    expect(await history(orderId)).toHaveLength(4);
  });

  it('does not take a refund back to PENDING when its older event arrives after the completed one', async () => {
    const { orderId, payment } = await paidOrder();
    const completed = squareWebhookEvent('refund.updated', { ...squareRefund(payment, 700, 'COMPLETED'), id: 'REFUND-LATE', updated_at: LATER });
    const pending = squareWebhookEvent('refund.updated', { ...squareRefund(payment, 700, 'PENDING'), id: 'REFUND-LATE', updated_at: EARLIER });
    expect((await deliver(completed)).status).toBe(200);
    expect((await deliver(pending)).status).toBe(200);
    expect(await recorded(pending.event_id)).toMatchObject({ outcome: 'stale' });
    expect(await orderRow(orderId)).toMatchObject({ status: 'COMPLETED', refund_status: 'COMPLETED', refunded_cents: 700 });
    expect((await history(orderId)).filter((e) => e.type === 'refund')).toHaveLength(1);
  });

  it('answers before the work is done: no call out, the event recorded and its job queued; the job does the work', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const seen: string[] = [];
    // A kind whose payments take as long as the test says: the answer must not wait for it.
    const gated: PaymentKind = {
      name: 'gated',
      squarePayment: async (e) => {
        if (e.paymentId !== 'PAY-GATED') return false;
        seen.push(e.status);
        await gate;
        return true;
      },
      squareRefund: async () => false,
      stalePayments: async () => [],
    };
    t.app.get(PaymentsService).register(gated);
    const event = squareWebhookEvent('payment.updated', { id: 'PAY-GATED', status: 'COMPLETED', updated_at: LATER });

    const res = await postSquareEvent(t, event, SAMPLE);
    expect([res.status, res.body]).toEqual([200, { received: true }]);
    expect(square.requests).toEqual([]);
    expect(await recorded(event.event_id)).toEqual({ type: 'payment.updated', payment_id: 'PAY-GATED', outcome: null, handled: false });
    expect(await jobsOf(event.event_id)).toBe(1);

    await eventually(async () => (seen.length > 0 ? true : undefined), 'the job to reach the gated kind');
    expect(await recorded(event.event_id)).toMatchObject({ handled: false });
    open();
    expect(await squareEventHandled(t, String(event.event_id))).toMatchObject({ outcome: 'handled' });
    expect(seen).toEqual(['COMPLETED']);
  });

  it('tries a job that failed again', async () => {
    const tries: number[] = [];
    const flaky: PaymentKind = {
      name: 'flaky',
      squarePayment: async (e) => {
        if (e.paymentId !== 'PAY-FLAKY') return false;
        tries.push(tries.length + 1);
        if (tries.length === 1) throw new Error('the database went away for a moment');
        return true;
      },
      squareRefund: async () => false,
      stalePayments: async () => [],
    };
    t.app.get(PaymentsService).register(flaky);
    const event = squareWebhookEvent('payment.updated', { id: 'PAY-FLAKY', status: 'COMPLETED' });
    expect((await deliver(event)).status).toBe(200);
    expect(await recorded(event.event_id)).toMatchObject({ outcome: 'handled' });
    expect(tries).toEqual([1, 2]);
  });

  it('refuses an event without event_id (400) and one with a wrong signature (403), recording nothing', async () => {
    const { orderId, payment } = await unansweredCharge();
    const before = await databaseSnapshot(t.dataSource);
    const jobsBefore = (await t.dataSource.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1`, [SQUARE_EVENT_JOB]))[0].n;
    const { event_id: _id, ...anonymous } = squareWebhookEvent('payment.updated', { ...payment, status: 'COMPLETED' });
    const noId = await postSquareEvent(t, anonymous, SAMPLE);
    expect([noId.status, noId.body]).toEqual([
      400,
      { message: 'The webhook notification has no event_id: Square sends one with every event', code: 'WEBHOOK_EVENT_ID_MISSING' },
    ]);
    const forged = await postSquareEvent(t, squareWebhookEvent('payment.updated', { ...payment, status: 'COMPLETED' }), SAMPLE, 'not-the-subscription-key');
    expect([forged.status, forged.body.code]).toEqual([403, 'WEBHOOK_SIGNATURE_INVALID']);
    expect(await databaseSnapshot(t.dataSource)).toBe(before);
    expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1`, [SQUARE_EVENT_JOB]))[0].n).toBe(jobsBefore);
    expect(await orderRow(orderId)).toMatchObject({ status: 'PENDING' });
  });

  it('prunes events received more than 30 days ago, every night', async () => {
    await t.dataSource.query(
      `INSERT INTO square_webhook_events (event_id, type, received_at, handled_at, outcome)
       VALUES ('old-event', 'payment.updated', now() - interval '31 days', now() - interval '31 days', 'handled'),
              ('recent-event', 'payment.updated', now() - interval '29 days', now() - interval '29 days', 'handled')`,
    );
    expect(await t.dataSource.query(`SELECT cron FROM pgboss.schedule WHERE name = $1`, [SQUARE_EVENTS_PRUNE_JOB])).toEqual([{ cron: '40 4 * * *' }]);
    expect(await t.app.get(SquareWebhookService).prune()).toBe(1);
    expect(await recorded('old-event')).toBeUndefined();
    expect(await recorded('recent-event')).toMatchObject({ outcome: 'handled' });
  });
});
