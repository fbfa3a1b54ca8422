import { FULFILMENT_ADMIN_LABELS, FULFILMENT_MOVES, type FulfilmentStatus, type PickupStatus, trackingUrlFor } from '@cocoa/shared-types';
import { ConflictError, NotFoundError } from '../common/domain-errors';
import { defineStateMachine, type HistoryRow, type Move } from '../state-machine/state-machine';
import { OrderEvent, type OrderEventSource } from './order-event.entity';
import type { OrderMailer, OrderMailLine } from './order-mail.service';
import { Order, type OrderStatus } from './order.entity';

/** What an order's moves read from outside the database: the mailer, prepared before the transaction. */
export interface OrderMoveContext {
  mailer: OrderMailer;
  /** The order's lines when the caller has them already (the checkout that just wrote them): the mail reads none. */
  lines?: readonly OrderMailLine[];
}

export function orderNotFound(): NotFoundError {
  return new NotFoundError('Order not found', 'ORDER_NOT_FOUND');
}

/** The `order_events` row of a move; payment moves name their source, the owner's moves are 'admin'. */
export function orderHistory(order: Order, move: Move<OrderStatus> | Move<FulfilmentStatus> | Move<PickupStatus>): HistoryRow {
  const source = (move.source ?? 'admin') as OrderEventSource;
  return {
    entity: OrderEvent,
    values: { orderId: order.id, type: move.type, fromStatus: move.from, toStatus: move.to, source, actor: move.actor, detail: move.detail },
  };
}

/**
 * The payment states of an order and the moves between them (OrderSettlementService makes them):
 *
 * - PENDING: the checkout committed the order before asking Square; never shown to the buyer.
 * - OPEN: Square approved the payment but has not captured it yet (the checkout autocompletes, so
 *   this lasts until Square completes it or the approval is canceled).
 * - COMPLETED: paid (test mode: the sandbox test card was accepted). The move queues the order
 *   confirmation to the customer and the new-order alert to the shop.
 * - CANCELED: an approved payment was canceled or voided.
 * - DRAFT: Square's state, never used by the checkout.
 *
 * A failed payment is not a move: nothing was charged, so the pending order is removed with its
 * lines and events (the log keeps the attempt) and the buyer may try again, also with the same
 * idempotency key. Fulfilment moves after COMPLETED are ORDER_FULFILMENT's.
 */
export const ORDER_PAYMENT = defineStateMachine<Order, OrderStatus, OrderMoveContext>({
  kind: 'order',
  entity: Order,
  field: 'status',
  moves: {
    PENDING: ['COMPLETED', 'OPEN'],
    OPEN: ['COMPLETED', 'CANCELED'],
    COMPLETED: [],
    CANCELED: [],
    DRAFT: [],
  },
  refused: (order, to) => new ConflictError(`This order is ${order.status.toLowerCase()}: it cannot become ${to.toLowerCase()}.`, 'ORDER_STATE_CONFLICT'),
  notFound: orderNotFound,
  history: orderHistory,
  on: {
    COMPLETED: { type: 'paid', queue: (m, order, _move, ctx) => ctx.mailer.paid(m, order, ctx.lines) },
    OPEN: { type: 'payment-approved' },
    CANCELED: { type: 'canceled' },
  },
});

/**
 * The fulfilment of a paid order (FULFILMENT_MOVES in shared-types, which the owner's buttons read
 * too): packed, shipped, delivered or cancelled, only once the order is COMPLETED. Shipping and
 * delivery e-mail the customer (packing is the shop's own business and sends none); cancelling
 * e-mails the refund the move's detail carries (OrderRefundsService cancels, since it refunds).
 */
export const ORDER_FULFILMENT = defineStateMachine<Order, FulfilmentStatus, OrderMoveContext>({
  kind: 'fulfilment',
  entity: Order,
  field: 'fulfilmentStatus',
  moves: FULFILMENT_MOVES,
  allows: (order) => order.status === 'COMPLETED' && order.fulfilmentMethod === 'shipping',
  refused: (order, to) => {
    const now = order.fulfilmentStatus ? `“${FULFILMENT_ADMIN_LABELS[order.fulfilmentStatus]}”` : 'not paid yet';
    return new ConflictError(`This order cannot be marked “${FULFILMENT_ADMIN_LABELS[to]}”: it is ${now}.`, 'ILLEGAL_FULFILMENT_MOVE');
  },
  notFound: orderNotFound,
  history: orderHistory,
  on: {
    packed: { type: 'fulfilment' },
    shipped: {
      type: 'fulfilment',
      queue: (m, o, _move, ctx) =>
        ctx.mailer.toCustomer(m, o, 'order-shipped', {
          carrier: o.carrier ?? 'Other',
          trackingNumber: o.trackingNumber ?? '',
          trackingUrl: trackingUrlFor(o.carrier, o.trackingNumber, o.trackingUrl),
        }),
    },
    delivered: { type: 'fulfilment', queue: (m, o, _move, ctx) => ctx.mailer.toCustomer(m, o, 'order-delivered', {}) },
    cancelled: {
      type: 'cancelled',
      queue: (m, o, move, ctx) =>
        ctx.mailer.toCustomer(m, o, 'order-cancelled', { reason: String(move.detail.reason ?? ''), refundedCents: Number(move.detail.amountCents ?? 0) }),
    },
  },
});
