import { Injectable } from '@nestjs/common';

/** A payment as a verified Square webhook reports it (payment.created / payment.updated). */
export interface SquarePaymentEvent {
  paymentId: string;
  /** APPROVED, PENDING, COMPLETED, CANCELED or FAILED */
  status: string;
  /** Our reference_id: an order's id, or a booking payment's id. */
  referenceId: string | null;
  squareOrderId: string | null;
  squareCustomerId: string | null;
}

/** A refund as a verified Square webhook reports it (refund.created / refund.updated). */
export interface SquareRefundEvent {
  refundId: string;
  paymentId: string;
  /** PENDING, COMPLETED, REJECTED or FAILED */
  status: string;
  amountCents: number;
}

/** What a module does with Square's notifications; each ignores what is not its own. */
export interface SquareEventListener {
  payment(event: SquarePaymentEvent): Promise<void>;
  refund(event: SquareRefundEvent): Promise<void>;
}

/**
 * Square's verified webhook notifications handed to the modules that take payments besides the
 * shop's orders (event bookings). The webhook (orders' SquareWebhookService) verifies and parses
 * once, settles its own orders, then publishes here; listeners register at module init. A listener
 * that throws fails the webhook (500 to Square, which sends it again), as an order's would.
 */
@Injectable()
export class SquareEvents {
  private readonly listeners: SquareEventListener[] = [];

  listen(listener: SquareEventListener): void {
    this.listeners.push(listener);
  }

  async payment(event: SquarePaymentEvent): Promise<void> {
    for (const l of this.listeners) await l.payment(event);
  }

  async refund(event: SquareRefundEvent): Promise<void> {
    for (const l of this.listeners) await l.refund(event);
  }
}
