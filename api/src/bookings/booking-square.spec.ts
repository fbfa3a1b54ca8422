import { useSquareApp } from '../test/square-shop';
import { TEST_ADMIN, type TestAgent } from '../test/test-app';
import { bookingRow, insertPackage, paymentKey, type Requested, requestBody, requestBooking, shopDay } from './bookings.fixtures';
import { databaseSnapshot } from '../test/db-snapshot';

const TOKEN = 'EAAA-test-access-token';

/**
 * Deposits, balances and refunds with Square connected: the real `square` SDK against the local
 * double of Square's API, as the checkout's own Square specs do.
 */
describe('event booking payments through Square (real SDK against a local double)', () => {
  const { square, t } = useSquareApp({ SQUARE_ACCESS_TOKEN: TOKEN });
  let admin: TestAgent;
  let pkg: { id: number; name: string };
  let day = 30;

  beforeAll(async () => {
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    pkg = await insertPackage(t.dataSource);
  });

  const accepted = async (days = day++): Promise<Requested> => {
    const b = await requestBooking(t, requestBody(pkg.id, { date: shopDay(days) }));
    expect((await admin.post(`/api/admin/bookings/${b.id}/accept`).send({})).status).toBe(200);
    return b;
  };
  const pay = (b: Requested, key = paymentKey(), sourceId = 'cnon:card-from-web-payments') =>
    t.agent().post(`/api/bookings/${b.reference}/payments`).query({ token: b.token }).send({ kind: 'deposit', sourceId, idempotencyKey: key });

  it('charges the deposit the server computed, as one ad-hoc line of a Square order, and confirms the booking', async () => {
    const b = await accepted();
    const key = paymentKey();
    const res = await pay(b, key);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      paymentId: expect.stringMatching(/^PAY-/),
      amountCents: 10000,
      testMode: false,
      booking: { state: 'confirmed', depositPaidCents: 10000, testMode: false },
    });

    for (const r of square.requests) expect(r.authorization).toBe(`Bearer ${TOKEN}`);
    const [order] = square.calls('/v2/orders');
    expect(order.body?.order.line_items).toEqual([
      { name: `${pkg.name}, deposit for booking ${b.reference} (${shopDay(30)})`, quantity: '1', base_price_money: { amount: 10000, currency: 'USD' } },
    ]);
    expect(order.body?.order.service_charges).toEqual([]);
    expect(order.body?.order.taxes).toEqual([]);
    const [payment] = square.calls('/v2/payments');
    expect(payment.body).toMatchObject({
      source_id: 'cnon:card-from-web-payments',
      idempotency_key: key,
      amount_money: { amount: 10000, currency: 'USD' },
      buyer_email_address: 'ana.diaz@example.com',
    });
    const [row] = await t.dataSource.query(`SELECT status, test_mode, square_payment_id, provider_status FROM booking_payments WHERE booking_id = $1`, [b.id]);
    expect(row).toEqual({ status: 'completed', test_mode: false, square_payment_id: res.body.paymentId, provider_status: 'COMPLETED' });
    // The payment's reference is our payment row, so the owner can find it in Square's dashboard.
    expect(payment.body?.reference_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a card Square declines: 402 with Square’s words, nothing recorded as paid, and a new attempt goes through', async () => {
    const b = await accepted();
    square.failNext.set('/v2/payments', {
      status: 402,
      errors: [{ category: 'PAYMENT_METHOD_ERROR', code: 'CARD_DECLINED', detail: "Authorization error: 'CARD_DECLINED'" }],
    });
    const res = await pay(b);
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('SQUARE_CARD_DECLINED');
    expect(await bookingRow(t.dataSource, b.id)).toMatchObject({ state: 'awaiting_deposit', deposit_paid_cents: 0 });
    expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM booking_payments WHERE booking_id = $1`, [b.id])).toEqual([{ n: 0 }]);
    expect((await pay(b)).status).toBe(200);
  });

  it('a lost answer: the payment stays pending, and the retry with the same key gets Square’s same payment, charged once', async () => {
    const b = await accepted();
    const key = paymentKey();
    square.beforeAnswer = (r) => (r.path === '/v2/payments' ? 'drop' : undefined);
    const lost = await pay(b, key);
    expect(lost.status).toBe(502);
    expect(lost.body.code).toBe('PAYMENT_OUTCOME_UNKNOWN');
    expect(await t.dataSource.query(`SELECT status FROM booking_payments WHERE booking_id = $1`, [b.id])).toEqual([{ status: 'pending' }]);
    // Another key meanwhile is refused: one live deposit at a time.
    expect((await pay(b)).body.code).toBe('PAYMENT_IN_PROGRESS');

    square.beforeAnswer = undefined;
    const retried = await pay(b, key);
    expect(retried.status).toBe(200);
    expect(square.payments.filter((p) => p.reference_id === square.calls('/v2/payments')[0].body?.reference_id)).toHaveLength(1);
    expect(retried.body.paymentId).toBe(square.payments.at(-1)?.id);
    expect(await bookingRow(t.dataSource, b.id)).toMatchObject({ state: 'confirmed', deposit_paid_cents: 10000 });
  });

  it('refunds a cancellation through Square’s Refunds API, keyed by the refund row, and records Square’s refund', async () => {
    const b = await accepted();
    const paid = await pay(b);
    const res = await t.agent().post(`/api/bookings/${b.reference}/cancel`).query({ token: b.token }).send({});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ refundCents: 10000, booking: { state: 'cancelled', refundedCents: 10000 } });
    const [refund] = square.calls('/v2/refunds');
    expect(refund.body).toMatchObject({ payment_id: paid.body.paymentId, amount_money: { amount: 10000, currency: 'USD' }, reason: 'Event booking cancelled' });
    const [row] = await t.dataSource.query(
      `SELECT id, status, square_refund_id, provider_status FROM booking_payments WHERE booking_id = $1 AND kind = 'refund'`,
      [b.id],
    );
    expect(row).toEqual({ id: refund.body?.idempotency_key, status: 'completed', square_refund_id: square.refunds.at(-1)?.id, provider_status: 'PENDING' });
  });

  it('a refund Square refuses is recorded as failed in the booking’s thread; the booking stays cancelled', async () => {
    const b = await accepted();
    await pay(b);
    square.failNext.set('/v2/refunds', { status: 400, errors: [{ category: 'REFUND_ERROR', code: 'REFUND_DECLINED', detail: 'The refund was declined.' }] });
    const res = await admin.post(`/api/admin/bookings/${b.id}/cancel`).send({ refundCents: 2500, message: 'We had to cancel.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'cancelled', refundedCents: 0, refundableCents: 10000 });
    expect(res.body.events.at(-1)).toMatchObject({ type: 'refund-failed', amountCents: 2500, note: 'The refund was declined.' });
    expect(res.body.payments.find((p: { kind: string }) => p.kind === 'refund')).toMatchObject({ status: 'failed', amountCents: 2500 });
    const snapshot = await databaseSnapshot(t.dataSource);
    expect((await t.agent().post(`/api/bookings/${b.reference}/cancel`).query({ token: b.token }).send({})).status).toBe(409);
    expect(await databaseSnapshot(t.dataSource)).toBe(snapshot);
  });
});
