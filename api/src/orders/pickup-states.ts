import { PICKUP_ACTION_LABELS, PICKUP_MOVES, PICKUP_STATUS_LABELS, type PickupStatus } from '@cocoa/shared-types';
import { ConflictError } from '../common/domain-errors';
import { defineStateMachine } from '../state-machine/state-machine';
import { orderHistory, orderNotFound, type OrderMoveContext } from './order-states';
import { Order } from './order.entity';

/**
 * A pickup order at one of the cart's stops (PICKUP_MOVES in shared-types, which the owner's queue
 * reads too), once it is paid: placed, accepted (at once unless the owner accepts each order),
 * preparing, ready, picked up; cancelled (OrderRefundsService cancels, since it refunds) or not
 * collected. Ready tells the customer by e-mail and Web Push; cancelling e-mails the refund.
 * Each move writes its `order_events` row, like the payment and shipping moves of an order.
 */
export const ORDER_PICKUP = defineStateMachine<Order, PickupStatus, OrderMoveContext>({
  kind: 'pickup',
  entity: Order,
  field: 'pickupStatus',
  moves: PICKUP_MOVES,
  allows: (order) => order.status === 'COMPLETED' && order.fulfilmentMethod === 'pickup',
  refused: (order, to) => {
    const now = order.pickupStatus ? `“${PICKUP_STATUS_LABELS[order.pickupStatus]}”` : 'not paid yet';
    return new ConflictError(`This order cannot move to “${PICKUP_ACTION_LABELS[to]}”: it is ${now}.`, 'ILLEGAL_PICKUP_MOVE');
  },
  notFound: orderNotFound,
  history: orderHistory,
  on: {
    accepted: { type: 'pickup' },
    preparing: { type: 'pickup' },
    ready: { type: 'pickup', queue: (m, order, _move, ctx) => ctx.mailer.pickupReady(m, order) },
    picked_up: { type: 'pickup' },
    not_collected: { type: 'pickup' },
    cancelled: {
      type: 'cancelled',
      queue: (m, o, move, ctx) =>
        ctx.mailer.toCustomer(m, o, 'order-cancelled', { reason: String(move.detail.reason ?? ''), refundedCents: Number(move.detail.amountCents ?? 0) }),
    },
  },
});
