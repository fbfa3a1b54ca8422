import type { DomainError } from '../common/domain-errors';
import type { SquarePaymentFacts } from '../square/square.gateway';

/** A payment as a verified Square webhook reports it (payment.created / payment.updated). */
export interface SquarePaymentEvent extends SquarePaymentFacts {
  /** Our reference_id: what the charge was for (an order's id, a booking payment's id...). */
  referenceId: string | null;
}

/** A refund as a verified Square webhook reports it (refund.created / refund.updated). */
export interface SquareRefundEvent {
  refundId: string;
  paymentId: string;
  /** PENDING, COMPLETED, REJECTED or FAILED */
  status: string;
  amountCents: number;
}

/** Why nothing was charged: a stable code and a message for the record. */
interface PaymentFailure {
  code: string;
  message: string;
}

/**
 * A kind of thing paid for by card (a shipping order, a booking's deposit or balance...), as it
 * declares itself to PaymentsService at module init. Square's notifications are handed to each
 * kind in turn until one owns them; a kind answers false for a payment or refund that is not its
 * own, and throws when it could not record one of its own (the event's job is then tried again, so
 * a kind's handlers must be safe to run twice).
 */
export interface PaymentKind {
  /** For the logs: 'order', 'booking'. */
  readonly name: string;
  /** A Square payment changed: settle the pending charge it is for. */
  squarePayment(event: SquarePaymentEvent): Promise<boolean>;
  /** A Square refund changed: record its new status on the refund it is. */
  squareRefund(event: SquareRefundEvent): Promise<boolean>;
}

/**
 * One charge, as its kind committed it pending before the card is charged (PaymentsService.charge):
 * what becomes of it is the kind's to record.
 */
export interface ChargeOwner {
  /** For the logs: what the charge is for ({ orderId }, { bookingId, paymentRowId }). */
  readonly ref: Record<string, unknown>;
  /** Nothing was charged (declined, refused, an error before the charge): the pending record goes. */
  failed(err: DomainError): Promise<void>;
  /** The card was charged (or the test card accepted): the payment recorded, the kind's move made. */
  paid(payment: SquarePaymentFacts): Promise<void>;
}

/**
 * A charge left pending past the reconciler's wait (its answer was lost), and what its kind does
 * with Square's word on it (PaymentsService.reconcileCharge).
 */
export interface StaleCharge<Outcome> {
  /** The reference_id the charge was sent to Square with. */
  referenceId: string;
  totalCents: number;
  createdAt: Date;
  testMode: boolean;
  /** Square has a payment for it (of any status: its verdict is the kind's to read). */
  paid(payment: SquarePaymentFacts): Promise<Outcome>;
  /** Nothing was charged for it. */
  failed(reason: PaymentFailure): Promise<Outcome>;
}

/**
 * What a Square payment status means: paid (COMPLETED), approved only (APPROVED), failed
 * (FAILED or CANCELED: nothing charged), or not settled yet (PENDING, or a status we do not know).
 */
type PaymentVerdict = 'paid' | 'approved' | 'failed' | 'unsettled';

export function paymentVerdict(status: string | null | undefined): PaymentVerdict {
  switch (status) {
    case 'COMPLETED':
      return 'paid';
    case 'APPROVED':
      return 'approved';
    case 'FAILED':
    case 'CANCELED':
      return 'failed';
    default:
      return 'unsettled';
  }
}
