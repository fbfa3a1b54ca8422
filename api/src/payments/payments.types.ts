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
 * A kind of thing paid for by card (a shipping or pickup order, a booking's deposit or balance...),
 * as it declares itself to PaymentsService at module init.
 * - Square's notifications are handed to each kind in turn until one owns them; a kind answers
 *   false for a payment or refund that is not its own, and throws when it could not record one of
 *   its own (the event's job is then tried again, so a kind's handlers must be safe to run twice).
 * - The payment reconciler asks each kind for what it left pending too long: its charges
 *   (`stalePayments`, settled from Square's word) and, if it has any, its refunds (`staleRefunds`,
 *   asked of Square again). Runs may overlap across replicas, so settling must be safe to repeat.
 */
export interface PaymentKind {
  /** For the logs and the reconciler's report: 'order', 'booking'. */
  readonly name: string;
  /** A Square payment changed: settle the pending charge it is for. */
  squarePayment(event: SquarePaymentEvent): Promise<boolean>;
  /** A Square refund changed: record its new status on the refund it is. */
  squareRefund(event: SquareRefundEvent): Promise<boolean>;
  /** Its charges pending for longer than `afterSeconds` (their answer was lost), oldest first, at most `batch`. */
  stalePayments(afterSeconds: number, batch: number): Promise<StaleCharge<Reconciled>[]>;
  /** Its refunds pending for longer than `afterSeconds` (Square never answered), oldest first, at most `batch`. */
  staleRefunds?(afterSeconds: number, batch: number): Promise<StaleRefund[]>;
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
  /** For the logs: what the charge is for ({ orderId }, { bookingId, paymentRowId }). */
  readonly ref: Record<string, unknown>;
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

/** What became of a stale charge: settled as paid, failed (nothing charged: its record went), or still pending. */
export type Reconciled = 'paid' | 'failed' | 'left';

/** A refund left pending past the reconciler's wait: asked of Square again under the same idempotency key. */
export interface StaleRefund {
  /** For the logs: what the refund is for ({ bookingId, refundRowId }). */
  readonly ref: Record<string, unknown>;
  askAgain(): Promise<void>;
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
