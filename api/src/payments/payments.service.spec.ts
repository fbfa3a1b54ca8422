import { TEST_CARD_NONCE_OK, TEST_CARDS } from '@cocoa/shared-types';
import { PaymentError } from '../common/domain-errors';
import {
  PaymentOutcomeUnknownError,
  RefundOutcomeUnknownError,
  type PaymentMode,
  type SquareChargeInput,
  type SquareConnection,
  type SquareGateway,
  type SquarePaymentFacts,
  type SquareRefundResult,
} from '../square/square.gateway';
import { PaymentsService } from './payments.service';
import type { ChargeOwner, PaymentKind, SquarePaymentEvent } from './payments.types';

const connection = { mode: 'sandbox' } as SquareConnection;
const declinedNonce = TEST_CARDS.find((card) => card.nonce !== TEST_CARD_NONCE_OK)!.nonce;

/** A SquareGateway answering as each test arranges: only the calls PaymentsService makes. */
function gateway(arrange: Partial<Record<'paymentMode' | 'connection' | 'createOrder' | 'pay' | 'refund' | 'findPayment', jest.Mock>>) {
  return {
    paymentMode: jest.fn(async (): Promise<PaymentMode> => ({ kind: 'test', mode: 'sandbox' })),
    connection: jest.fn(async () => connection),
    createOrder: jest.fn(async () => ({ locationId: 'L', customerId: 'C', squareOrderId: 'O' })),
    pay: jest.fn(async () => ({ paymentId: 'P-1', squareOrderId: 'O', squareCustomerId: 'C', paymentStatus: 'COMPLETED' })),
    refund: jest.fn(),
    findPayment: jest.fn(async () => null),
    ...arrange,
  } as unknown as SquareGateway & Record<string, jest.Mock>;
}

function charge(sourceId: string): SquareChargeInput {
  return {
    sourceId,
    idempotencyKey: 'key-1',
    referenceId: 'ref-1',
    customer: { email: 'a@example.com', givenName: 'A', familyName: 'B', phone: '555', address: { addressLine1: '1 Road', country: 'US' } },
    lines: [{ variationId: null, name: 'Pickup', quantity: 1, unitPriceCents: 500 }],
    shippingCents: 0,
    taxCents: 0,
    totalCents: 500,
  };
}

/** A charge's owner recording what it was told. */
function owner(paid: (p: SquarePaymentFacts) => Promise<void> = async () => undefined) {
  const told: string[] = [];
  const o: ChargeOwner = {
    ref: { pickupId: 1 },
    failed: async (err) => void told.push(`failed ${err.code}`),
    paid: async (p) => {
      told.push(`paid ${p.status}`);
      await paid(p);
    },
  };
  return { o, told };
}

/**
 * The payment mechanics every kind shares, with a kind declared here only (pickup orders at the
 * cart, as a new kind would plug in) and Square's gateway answering as each test arranges.
 */
describe('PaymentsService', () => {
  it('refuses payments when they are not set up, and anything but a test card in test mode', async () => {
    const off = new PaymentsService(gateway({ paymentMode: jest.fn(async () => ({ kind: 'unavailable', mode: 'production' })) }));
    await expect(off.modeFor(TEST_CARD_NONCE_OK)).rejects.toMatchObject({ code: 'PAYMENTS_NOT_SET_UP' });
    const test = new PaymentsService(gateway({}));
    await expect(test.modeFor('cnon:real-card')).rejects.toMatchObject({ code: 'TEST_MODE_CARD_ONLY' });
    expect(await test.modeFor(TEST_CARD_NONCE_OK)).toEqual({ kind: 'test' });
    const square = new PaymentsService(gateway({ paymentMode: jest.fn(async () => ({ kind: 'square', connection })) }));
    expect(await square.modeFor('cnon:real-card')).toEqual({ kind: 'square', connection });
  });

  it('the test card: accepted is paid with a test payment id, declined fails its owner and is thrown', async () => {
    const payments = new PaymentsService(gateway({}));
    const ok = owner();
    const paid = await payments.charge(null, charge(TEST_CARD_NONCE_OK), ok.o);
    expect(paid).toMatchObject({ status: 'COMPLETED', squareOrderId: null, squareCustomerId: null });
    expect(paid.paymentId).toMatch(/^test_[0-9a-f]{24}$/);
    expect(ok.told).toEqual(['paid COMPLETED']);

    const no = owner();
    await expect(payments.charge(null, charge(declinedNonce), no.o)).rejects.toMatchObject({ code: 'CARD_DECLINED', message: 'Card declined' });
    expect(no.told).toEqual(['failed CARD_DECLINED']);
  });

  it('Square: its refusal fails the owner; no answer leaves the charge pending; a payment not recorded is still answered', async () => {
    const refused = gateway({ pay: jest.fn(async () => Promise.reject(new PaymentError('Card declined', 'PAYMENT_FAILED'))) });
    const a = owner();
    await expect(new PaymentsService(refused).charge(connection, charge('cnon:1'), a.o)).rejects.toMatchObject({ code: 'PAYMENT_FAILED' });
    expect(a.told).toEqual(['failed PAYMENT_FAILED']);

    const silent = gateway({ pay: jest.fn(async () => Promise.reject(new PaymentOutcomeUnknownError())) });
    const b = owner();
    await expect(new PaymentsService(silent).charge(connection, charge('cnon:1'), b.o)).rejects.toMatchObject({ code: 'PAYMENT_OUTCOME_UNKNOWN' });
    expect(b.told).toEqual([]);

    const c = owner(async () => Promise.reject(new Error('database gone')));
    const paid = await new PaymentsService(gateway({})).charge(connection, charge('cnon:1'), c.o);
    expect(paid).toEqual({ paymentId: 'P-1', status: 'COMPLETED', squareOrderId: 'O', squareCustomerId: 'C' });
    expect(c.told).toEqual(['paid COMPLETED']);
  });

  it('says what Square made of a refund, and never throws', async () => {
    const answering = (result: Promise<SquareRefundResult>) =>
      new PaymentsService(gateway({ refund: jest.fn(() => result) })).refund(
        connection,
        { idempotencyKey: 'r', paymentId: 'P', amountCents: 5, reason: 'test' },
        {},
      );
    const made = { refundId: 'R', status: 'PENDING', amountCents: 5 };
    expect(await answering(Promise.resolve(made))).toEqual({ outcome: 'made', refund: made });
    const rejected = { refundId: 'R', status: 'REJECTED', amountCents: 5 };
    expect(await answering(Promise.resolve(rejected))).toEqual({ outcome: 'refused', refund: rejected });
    expect(await answering(Promise.reject(new PaymentError('Refund amount too large', 'SQUARE_REFUND_AMOUNT_INVALID')))).toMatchObject({
      outcome: 'error',
      error: { code: 'SQUARE_REFUND_AMOUNT_INVALID' },
    });
    expect(await answering(Promise.reject(new RefundOutcomeUnknownError()))).toMatchObject({ outcome: 'unknown', error: { code: 'REFUND_OUTCOME_UNKNOWN' } });
    expect(await answering(Promise.reject(new Error('socket hang up')))).toMatchObject({ outcome: 'unknown', error: { code: 'REFUND_OUTCOME_UNKNOWN' } });
  });

  it('settles a stale charge from Square: test mode fails it, no Square leaves it, Square has it or not', async () => {
    const found = { paymentId: 'P-9', status: 'COMPLETED', squareOrderId: null, squareCustomerId: null };
    const stale = (testMode: boolean) => ({
      ref: { orderId: 'ref-1' },
      referenceId: 'ref-1',
      totalCents: 500,
      createdAt: new Date(),
      testMode,
      paid: async (p: SquarePaymentFacts) => `paid ${p.paymentId}`,
      failed: async (reason: { code: string }) => `failed ${reason.code}`,
    });
    const none = new PaymentsService(gateway({}));
    expect(await none.reconcileCharge(connection, stale(true))).toBe('failed TEST_PAYMENT_UNFINISHED');
    expect(await none.reconcileCharge(null, stale(false))).toBe('left');
    expect(await none.reconcileCharge(connection, stale(false))).toBe('failed NO_SQUARE_PAYMENT');
    const has = new PaymentsService(gateway({ findPayment: jest.fn(async () => found) }));
    expect(await has.reconcileCharge(connection, stale(false))).toBe('paid P-9');
  });

  it('hands a Square notification to the first kind that owns it', async () => {
    const payments = new PaymentsService(gateway({}));
    const seen: string[] = [];
    const kind = (name: string, owns: string): PaymentKind => ({
      name,
      squarePayment: async (e: SquarePaymentEvent) => (seen.push(`${name} ${e.referenceId}`), e.referenceId === owns),
      squareRefund: async () => false,
      stalePayments: async () => [],
    });
    payments.register(kind('order', 'o-1'));
    payments.register(kind('pickup', 'p-1'));
    const event = (referenceId: string) => ({ paymentId: 'P', status: 'COMPLETED', referenceId, squareOrderId: null, squareCustomerId: null });
    await payments.squarePayment(event('o-1'));
    await payments.squarePayment(event('p-1'));
    await payments.squarePayment(event('x-1'));
    expect(seen).toEqual(['order o-1', 'order p-1', 'pickup p-1', 'order x-1', 'pickup x-1']);
  });
});
