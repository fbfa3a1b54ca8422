import type { OrderStatus } from './order.entity';

/**
 * The states of an order and the moves between them, written once (ARCHITECTURE: anything moving
 * through states has its states and allowed moves in one place). OrderSettlementService makes
 * each move in one transaction with an `order_events` audit row.
 *
 * - PENDING: the checkout committed the order before asking Square; never shown to the buyer.
 * - OPEN: Square approved the payment but has not captured it yet (the checkout autocompletes, so
 *   this lasts until Square completes it or the approval is canceled).
 * - COMPLETED: paid (test mode: the sandbox test card was accepted).
 * - CANCELED: an approved payment was canceled or voided.
 * - DRAFT: Square's state, never used by the checkout.
 *
 * A failed payment is not a move: nothing was charged, so the pending order is removed with its
 * lines and events (the log keeps the attempt) and the buyer may try again, also with the same
 * idempotency key. Fulfilment moves after COMPLETED belong to the owner's order views.
 */
export const ORDER_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  PENDING: ['COMPLETED', 'OPEN'],
  OPEN: ['COMPLETED', 'CANCELED'],
  COMPLETED: [],
  CANCELED: [],
  DRAFT: [],
};

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_MOVES[from].includes(to);
}

/**
 * What a Square payment status means for its order: paid (COMPLETED), approved only (OPEN),
 * failed (nothing charged: the pending order goes, an approved one is canceled), or not settled
 * yet (Square's PENDING, or a status we do not know).
 */
export type PaymentVerdict = 'paid' | 'approved' | 'failed' | 'unsettled';

export function verdictOf(paymentStatus: string | null | undefined): PaymentVerdict {
  switch (paymentStatus) {
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
