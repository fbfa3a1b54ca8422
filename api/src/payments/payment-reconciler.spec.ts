import { bookingRow, insertPackage, payBooking, requestBody, requestBooking, shopDay } from '../bookings/bookings.fixtures';
import { checkoutBody } from '../orders/orders.fixtures';
import type { SquareApiDouble } from '../square/square-api.double';
import { startSquareShop } from '../test/square-shop';
import { TEST_ADMIN, type TestApp } from '../test/test-app';
import type { CheckoutFixtures } from '../orders/orders.fixtures';
import type { AppConfig } from '../config/config.schema';
import type { SquareGateway } from '../square/square.gateway';
import { PaymentReconciler } from './payment-reconciler.service';
import { PaymentsService } from './payments.service';
import type { PaymentKind, Reconciled, StaleCharge } from './payments.types';

const nothing = { paid: 0, failed: 0, refundsAsked: 0, left: 0 };

/**
 * One reconciler for every kind that takes payments (the real SDK against the local Square double):
 * an order and a booking's deposit whose charges Square took but whose answers were lost are both
 * settled by one run, each through its own kind, once they are old enough not to be in flight.
 */
describe('the payment reconciler', () => {
  let square: SquareApiDouble;
  let t: TestApp;
  let f: CheckoutFixtures;

  startSquareShop((shop) => ({ square, t, f } = shop), { token: 'EAAA-reconciler-token' });

  it('settles a stale order and a stale booking deposit together in one run, reported per kind and in total', async () => {
    const pkg = await insertPackage(t.dataSource);
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const b = await requestBooking(t, requestBody(pkg.id, { date: shopDay(30) }));
    expect((await admin.post(`/api/admin/bookings/${b.id}/accept`).send({})).status).toBe(200);

    // Square charges both; neither answer arrives.
    square.beforeAnswer = (r) => (r.method === 'POST' && r.path === '/v2/payments' ? 'drop' : undefined);
    const order = await t.agent().post('/api/square/checkout/complete').send(checkoutBody(f));
    const deposit = await payBooking(t, b, 'deposit', { sourceId: 'cnon:card-from-web-payments' });
    square.beforeAnswer = undefined;
    expect([order.body.code, deposit.body.code]).toEqual(['PAYMENT_OUTCOME_UNKNOWN', 'PAYMENT_OUTCOME_UNKNOWN']);
    const [orderPayment, depositPayment] = square.payments;
    const orderId = orderPayment.reference_id!;

    const reconciler = t.app.get(PaymentReconciler);
    expect(await reconciler.reconcile()).toEqual({ kinds: { order: nothing, booking: nothing }, total: nothing }); // may still be in flight
    await t.dataSource.query(`UPDATE orders SET created_at = now() - interval '1 hour' WHERE id = $1`, [orderId]);
    await t.dataSource.query(`UPDATE booking_payments SET created_at = now() - interval '1 hour' WHERE booking_id = $1`, [b.id]);

    const [run, sameRun] = await Promise.all([reconciler.reconcile(), reconciler.reconcile()]);
    expect(sameRun).toBe(run); // a second caller while a run is under way shares it
    const paidOne = { ...nothing, paid: 1 };
    expect(run).toEqual({ kinds: { order: paidOne, booking: paidOne }, total: { ...nothing, paid: 2 } });
    const [orderRow] = await t.dataSource.query(`SELECT status, payment_id FROM orders WHERE id = $1`, [orderId]);
    expect(orderRow).toEqual({ status: 'COMPLETED', payment_id: orderPayment.id });
    expect(await bookingRow(t.dataSource, b.id)).toMatchObject({ state: 'confirmed', deposit_paid_cents: 10000 });
    const [depositRow] = await t.dataSource.query(`SELECT status, square_payment_id FROM booking_payments WHERE booking_id = $1`, [b.id]);
    expect(depositRow).toEqual({ status: 'completed', square_payment_id: depositPayment.id });

    expect(await reconciler.reconcile()).toEqual({ kinds: { order: nothing, booking: nothing }, total: nothing });
  });
});

describe('one reconciler run over the declared kinds', () => {
  const found = { paymentId: 'P-1', status: 'COMPLETED', squareOrderId: null, squareCustomerId: null };
  const square = { connection: async () => ({ mode: 'sandbox' }), findPayment: async () => found } as unknown as SquareGateway;
  const config = { NODE_ENV: 'test', PAYMENT_RECONCILE_AFTER_S: 300 } as AppConfig;
  const stale = (referenceId: string, testMode: boolean, paid: () => Promise<Reconciled>): StaleCharge<Reconciled> => ({
    ref: { referenceId },
    referenceId,
    totalCents: 500,
    createdAt: new Date(),
    testMode,
    paid,
    failed: async () => 'failed',
  });

  it('asks each kind with the wait and the batch; a kind that cannot list, a charge or a refund that throws hold up nothing else', async () => {
    const payments = new PaymentsService(square);
    const asked: unknown[] = [];
    const kind = (name: string, over: Partial<PaymentKind>): PaymentKind => ({
      name,
      squarePayment: async () => false,
      squareRefund: async () => false,
      stalePayments: async () => [],
      ...over,
    });
    payments.register(
      kind('broken', {
        stalePayments: async () => {
          throw new Error('relation is locked');
        },
      }),
    );
    payments.register(
      kind('pickup', {
        stalePayments: async (after, batch) => {
          asked.push({ after, batch });
          return [
            stale('test-card', true, async () => 'paid'),
            stale('square', false, async () => 'paid'),
            stale('unsettled', false, async () => 'left'),
            stale('database-gone', false, async () => Promise.reject(new Error('database gone'))),
          ];
        },
        staleRefunds: async () => [
          { ref: { refundRowId: 'r-1' }, askAgain: async () => undefined },
          { ref: { refundRowId: 'r-2' }, askAgain: () => Promise.reject(new Error('socket hang up')) },
        ],
      }),
    );

    const report = await new PaymentReconciler(config, payments).reconcile();
    expect(asked).toEqual([{ after: 300, batch: 100 }]);
    expect(report).toEqual({
      kinds: { broken: nothing, pickup: { paid: 1, failed: 1, refundsAsked: 1, left: 3 } },
      total: { paid: 1, failed: 1, refundsAsked: 1, left: 3 },
    });
  });
});
