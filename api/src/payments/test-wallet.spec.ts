import { PAYMENTS_NOT_SET_UP_MESSAGE, TEST_WALLET_NONCE } from '@cocoa/shared-types';
import { insertPackage, paymentKey, requestBody, requestBooking, shopDay } from '../bookings/bookings.fixtures';
import { type CheckoutFixtures, checkoutBody, insertCheckoutProducts } from '../orders/orders.fixtures';
import { databaseSnapshot } from '../test/db-snapshot';
import { TEST_ADMIN, type TestAgent, useTestApp } from '../test/test-app';

const COMPLETE = '/api/square/checkout/complete';

/**
 * Test mode's wallet button (docs/decisions.md "Wallets"): its fixed token pays a shipping order and
 * a booking's deposit wherever the test cards are accepted, and is refused, changing nothing, where
 * test payments are off.
 */
describe('the test wallet token', () => {
  // Production mode without Square: test payments only once the owner turns them on.
  const t = useTestApp({ SQUARE_MODE: 'production' });
  let f: CheckoutFixtures;
  let admin: TestAgent;
  let pkg: { id: number };
  let nextDay = 40;

  beforeAll(async () => {
    f = await insertCheckoutProducts(t.dataSource);
    pkg = await insertPackage(t.dataSource);
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
  });

  const setTestPayments = (value: 'true' | 'false') => admin.post('/api/settings').send({ key: 'ACCEPT_TEST_PAYMENTS', value }).expect(200);

  /** A booking the owner accepted: its deposit ($100) is due. */
  const bookingAwaitingDeposit = async () => {
    const b = await requestBooking(t, requestBody(pkg.id, { date: shopDay(nextDay++) }));
    await admin.post(`/api/admin/bookings/${b.id}/accept`).send({}).expect(200);
    return b;
  };
  const payDeposit = (b: { reference: string; token: string }) =>
    t
      .agent()
      .post(`/api/bookings/${b.reference}/payments`)
      .query({ token: b.token })
      .send({ kind: 'deposit', sourceId: TEST_WALLET_NONCE, idempotencyKey: paymentKey() });

  describe('with test payments on', () => {
    beforeAll(() => setTestPayments('true'));
    afterAll(() => setTestPayments('false'));

    it('completes a shipping order, recorded as a test payment', async () => {
      const res = await t
        .agent()
        .post(COMPLETE)
        .send(checkoutBody(f, { sourceId: TEST_WALLET_NONCE }));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ testMode: true, paymentId: expect.stringMatching(/^test_/) });
      const [row] = await t.dataSource.query<Array<{ status: string; test_mode: boolean; payment_id: string }>>(
        'SELECT status, test_mode, payment_id FROM orders WHERE id = $1',
        [res.body.orderId],
      );
      expect(row).toEqual({ status: 'COMPLETED', test_mode: true, payment_id: res.body.paymentId });
    });

    it('pays a booking’s deposit, confirming the booking', async () => {
      const b = await bookingAwaitingDeposit();
      const res = await payDeposit(b);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ amountCents: 10000, testMode: true, booking: { state: 'confirmed', depositPaidCents: 10000 } });
    });
  });

  it('is refused where test payments are off, and nothing changes', async () => {
    const b = await bookingAwaitingDeposit();
    const before = await databaseSnapshot(t.dataSource);
    const order = await t
      .agent()
      .post(COMPLETE)
      .send(checkoutBody(f, { sourceId: TEST_WALLET_NONCE }));
    expect(order.status).toBe(503);
    expect(order.body).toEqual({ message: PAYMENTS_NOT_SET_UP_MESSAGE, code: 'PAYMENTS_NOT_SET_UP' });
    const deposit = await payDeposit(b);
    expect(deposit.status).toBe(503);
    expect(deposit.body.code).toBe('PAYMENTS_NOT_SET_UP');
    expect(await databaseSnapshot(t.dataSource)).toBe(before);
  });
});
