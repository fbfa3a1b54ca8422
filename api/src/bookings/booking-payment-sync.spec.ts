import { PaymentReconciler } from '../payments/payment-reconciler.service';
import { squareRefund, squareWebhookEvent, type WirePayment } from '../square/square-api.double';
import { deliverSquareEvent } from '../test/square-webhooks';
import { SQUARE_SAMPLE_WEBHOOK, useSquareApp } from '../test/square-shop';
import { TEST_ADMIN, type TestAgent } from '../test/test-app';
import { bookingRow, insertPackage, paymentKey, type Requested, requestBody, requestBooking, shopDay } from './bookings.fixtures';
import { databaseSnapshot } from '../test/db-snapshot';

/**
 * Booking payments and refunds Square settles after we stopped listening: its webhooks and the
 * payment reconciler (the kind 'booking' of PaymentReconciler), with the real SDK against the local Square double.
 */
describe('booking payments settled by Square’s webhooks and the reconciler', () => {
  const { square, t } = useSquareApp({
    SQUARE_ACCESS_TOKEN: 'EAAA-booking-sync',
    SQUARE_WEBHOOK_SIGNATURE_KEY: SQUARE_SAMPLE_WEBHOOK.signatureKey,
    SQUARE_WEBHOOK_URL: SQUARE_SAMPLE_WEBHOOK.notificationUrl,
  });
  let admin: TestAgent;
  let reconciler: PaymentReconciler;
  let pkg: { id: number };
  let day = 30;

  beforeAll(async () => {
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    reconciler = t.app.get(PaymentReconciler);
    pkg = await insertPackage(t.dataSource);
  });

  const accepted = async (): Promise<Requested> => {
    const b = await requestBooking(t, requestBody(pkg.id, { date: shopDay(day++) }));
    expect((await admin.post(`/api/admin/bookings/${b.id}/accept`).send({})).status).toBe(200);
    return b;
  };
  const pay = (b: Requested, key = paymentKey()) =>
    t
      .agent()
      .post(`/api/bookings/${b.reference}/payments`)
      .query({ token: b.token })
      .send({ kind: 'deposit', sourceId: 'cnon:card-from-web-payments', idempotencyKey: key });
  /** Delivers a signed event and waits for its job: the webhook answers before the work is done. */
  const postWebhook = (event: unknown) => deliverSquareEvent(t, event, SQUARE_SAMPLE_WEBHOOK);
  const paymentRows = (b: Requested) =>
    t.dataSource.query(`SELECT kind, status, amount_cents, provider_status FROM booking_payments WHERE booking_id = $1 ORDER BY created_at`, [b.id]);
  const thread = async (b: Requested): Promise<string[]> =>
    (await t.dataSource.query<{ type: string }[]>(`SELECT type FROM booking_events WHERE booking_id = $1 ORDER BY id`, [b.id])).map((e) => e.type);
  const mails = async (b: Requested): Promise<string[]> => {
    await t.mailWritten();
    return (await t.dataSource.query<{ template: string }[]>(`SELECT template FROM mail_outbox WHERE subject LIKE $1 ORDER BY id`, [`%${b.reference}%`])).map(
      (m) => m.template,
    );
  };
  const backdate = () => t.dataSource.query(`UPDATE booking_payments SET created_at = now() - interval '1 hour' WHERE status = 'pending'`);
  /** The customer pays, Square charges, its answer never arrives: the deposit stays pending. */
  const lostAnswer = async (): Promise<{ b: Requested; payment: WirePayment }> => {
    const b = await accepted();
    square.beforeAnswer = (r) => (r.method === 'POST' && r.path === '/v2/payments' ? 'drop' : undefined);
    expect((await pay(b)).body.code).toBe('PAYMENT_OUTCOME_UNKNOWN');
    square.beforeAnswer = undefined;
    expect(await paymentRows(b)).toEqual([{ kind: 'deposit', status: 'pending', amount_cents: 10000, provider_status: null }]);
    return { b, payment: square.payments.at(-1)! };
  };

  it('a deposit whose answer was lost is settled by Square’s payment webhook: confirmed, the confirmations queued, once', async () => {
    const { b, payment } = await lostAnswer();
    expect((await postWebhook(squareWebhookEvent('payment.updated', payment))).status).toBe(200);
    expect(await bookingRow(t.dataSource, b.id)).toMatchObject({ state: 'confirmed', deposit_paid_cents: 10000 });
    expect(await paymentRows(b)).toEqual([{ kind: 'deposit', status: 'completed', amount_cents: 10000, provider_status: 'COMPLETED' }]);
    expect((await mails(b)).filter((m) => m === 'booking-confirmed')).toHaveLength(2);
    // Square sends again: nothing more happens (but for the record of the event).
    const snapshot = await databaseSnapshot(t.dataSource, ['square_webhook_events']);
    expect((await postWebhook(squareWebhookEvent('payment.updated', payment))).status).toBe(200);
    expect(await databaseSnapshot(t.dataSource, ['square_webhook_events'])).toBe(snapshot);
  });

  it('the reconciler settles a deposit the customer never came back for, once it is old enough not to be in flight', async () => {
    const { b, payment } = await lostAnswer();
    expect((await reconciler.reconcile()).kinds.booking).toEqual({ paid: 0, failed: 0, refundsAsked: 0, left: 0 });
    await backdate();
    expect((await reconciler.reconcile()).kinds.booking).toEqual({ paid: 1, failed: 0, refundsAsked: 0, left: 0 });
    expect(await bookingRow(t.dataSource, b.id)).toMatchObject({ state: 'confirmed', deposit_paid_cents: 10000 });
    const [list] = square.calls('/v2/payments').filter((r) => r.method === 'GET');
    expect(list.query.get('total')).toBe('10000');
    expect((await t.dataSource.query(`SELECT square_payment_id FROM booking_payments WHERE booking_id = $1`, [b.id]))[0].square_payment_id).toBe(payment.id);
    expect((await reconciler.reconcile()).kinds.booking).toEqual({ paid: 0, failed: 0, refundsAsked: 0, left: 0 });
  });

  it('the reconciler removes a pending deposit Square has no payment for; the customer can pay again', async () => {
    // The server stopped between committing the pending deposit and Square taking the card: Square has nothing.
    const { b, payment } = await lostAnswer();
    square.payments.splice(square.payments.indexOf(payment), 1);
    await backdate();
    expect((await reconciler.reconcile()).kinds.booking).toEqual({ paid: 0, failed: 1, refundsAsked: 0, left: 0 });
    expect(await paymentRows(b)).toEqual([]);
    expect((await thread(b)).at(-1)).toBe('payment-failed');
    expect(await bookingRow(t.dataSource, b.id)).toMatchObject({ state: 'awaiting_deposit', deposit_paid_cents: 0 });
    expect((await pay(b)).status).toBe(200);
  });

  it('a refund Square accepted and later failed is uncounted; the owner tries it again under a new key and it is counted once', async () => {
    const b = await accepted();
    expect((await pay(b)).status).toBe(200);
    expect((await admin.post(`/api/admin/bookings/${b.id}/cancel`).send({ refundCents: 10000, message: 'The venue flooded.' })).body).toMatchObject({
      state: 'cancelled',
      refundedCents: 10000,
    });
    const [first] = square.calls('/v2/refunds');
    const paid = square.payments.at(-1)!;
    const refundId = square.refunds.at(-1)!.id;
    // Square fails it after accepting it (its status moves there too, so the amount is refundable again).
    square.refunds.at(-1)!.status = 'FAILED';

    expect((await postWebhook(squareWebhookEvent('refund.updated', { ...squareRefund(paid, 10000, 'FAILED'), id: refundId }))).status).toBe(200);
    let detail = (await admin.get(`/api/admin/bookings/${b.id}`)).body;
    expect(detail).toMatchObject({ refundedCents: 0, refundableCents: 10000 });
    const failed = detail.payments.find((p: { kind: string }) => p.kind === 'refund');
    expect(failed).toMatchObject({ status: 'failed', amountCents: 10000 });
    expect(detail.events.at(-1)).toMatchObject({ type: 'refund-failed', amountCents: 10000 });

    const retried = await admin.post(`/api/admin/bookings/${b.id}/refunds/${failed.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ refundedCents: 10000 });
    expect(retried.body.payments.find((p: { id: string }) => p.id === failed.id)).toMatchObject({ status: 'completed' });
    expect(retried.body.events.slice(-2).map((e: { type: string }) => e.type)).toEqual(['refund-retried', 'refunded']);
    const second = square.calls('/v2/refunds').at(-1)!;
    expect(second.body?.idempotency_key).not.toBe(first.body?.idempotency_key);

    // Only a failed refund can be tried again; an unknown one is 404; a customer is refused.
    const snapshot = await databaseSnapshot(t.dataSource);
    expect((await admin.post(`/api/admin/bookings/${b.id}/refunds/${failed.id}/retry`)).status).toBe(409);
    expect((await admin.post(`/api/admin/bookings/${b.id}/refunds/00000000-0000-4000-8000-000000000000/retry`)).status).toBe(404);
    expect((await admin.post(`/api/admin/bookings/${b.id}/refunds/not-a-uuid/retry`)).status).toBe(400);
    expect((await t.agent().post(`/api/admin/bookings/${b.id}/refunds/${failed.id}/retry`)).status).toBe(401);
    expect(await databaseSnapshot(t.dataSource)).toBe(snapshot);
    // COMPLETED from Square later: recorded on the refund, counted no more than once.
    expect((await postWebhook(squareWebhookEvent('refund.updated', { ...squareRefund(paid, 10000, 'COMPLETED'), id: square.refunds.at(-1)!.id }))).status).toBe(
      200,
    );
    detail = (await admin.get(`/api/admin/bookings/${b.id}`)).body;
    expect(detail.refundedCents).toBe(10000);
    expect((await t.dataSource.query(`SELECT provider_status FROM booking_payments WHERE id = $1`, [failed.id]))[0].provider_status).toBe('COMPLETED');
  });

  it('a refund whose answer was lost stays pending; the reconciler asks Square again under the same key', async () => {
    const b = await accepted();
    expect((await pay(b)).status).toBe(200);
    square.beforeAnswer = (r) => (r.method === 'POST' && r.path === '/v2/refunds' ? 'drop' : undefined);
    expect((await t.agent().post(`/api/bookings/${b.reference}/cancel`).query({ token: b.token }).send({})).status).toBe(200);
    square.beforeAnswer = undefined;
    expect((await paymentRows(b)).at(-1)).toMatchObject({ kind: 'refund', status: 'pending' });
    expect(await bookingRow(t.dataSource, b.id)).toMatchObject({ state: 'cancelled', refunded_cents: 0 });
    await backdate();
    expect((await reconciler.reconcile()).kinds.booking).toEqual({ paid: 0, failed: 0, refundsAsked: 1, left: 0 });
    const keys = square.calls('/v2/refunds').map((r) => r.body?.idempotency_key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    // The double answers a used key with the same refund, as Square does: one refund, counted once.
    expect(square.refunds.filter((r) => r.payment_id === square.payments.at(-1)!.id)).toHaveLength(1);
    expect(await bookingRow(t.dataSource, b.id)).toMatchObject({ refunded_cents: 10000 });
    expect((await paymentRows(b)).filter((p: { kind: string }) => p.kind === 'refund')).toMatchObject([{ status: 'completed', amount_cents: 10000 }]);
  });
});
