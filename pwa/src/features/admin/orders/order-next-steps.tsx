import {
  type AdminOrderDetail,
  FULFILMENT_ACTION_LABELS,
  FULFILMENT_MOVES,
  FULFILMENT_TARGETS,
  type FulfilmentTarget,
  isBeforeShipping,
} from '@cocoa/shared-types';
import { formatDateTime } from '../shared/format';
import { OrderStatePill } from './order-state-pill';

/** What the owner can open from the order's head: a move that asks more, cancelling or refunding. */
export type OrderAction = 'ship' | 'cancel' | 'refund' | 'delivered';

/**
 * The order's head: number, state, who placed it, and what to do next (only the moves the states
 * allow). A move that needs nothing more is made at once; the others open their dialog.
 */
export function OrderNextSteps({
  order,
  busy,
  onMove,
  setOpen,
}: {
  order: AdminOrderDetail;
  busy: boolean;
  onMove: (to: FulfilmentTarget) => void;
  setOpen: (action: OrderAction) => void;
}) {
  const status = order.fulfilmentStatus;
  // The moves the states allow from here; cancelling has its own button (it refunds).
  const next =
    status && order.status === 'COMPLETED'
      ? FULFILMENT_MOVES[status].filter((to): to is FulfilmentTarget => (FULFILMENT_TARGETS as readonly string[]).includes(to))
      : [];
  const { totals } = order;
  return (
    <section className="card admin-card" aria-labelledby="order-detail-title">
      <div className="admin-card__head">
        <h2 id="order-detail-title">
          Order #{order.number}
          {order.testMode && (
            <span className="badge badge--test" title="Placed in test mode: nothing was charged">
              TEST
            </span>
          )}
        </h2>
        <OrderStatePill order={order} />
      </div>
      <p className="muted">
        Placed {formatDateTime(order.createdAt)} by {order.shipping.name} · {order.email}
        {order.userId === null ? ' (guest)' : ''}
      </p>
      <div className="admin-actions" role="group" aria-label="Next steps">
        {next.map((to) => (
          <button
            key={to}
            type="button"
            className="btn btn--primary"
            disabled={busy}
            onClick={() => (to === 'shipped' ? setOpen('ship') : to === 'delivered' ? setOpen('delivered') : onMove(to))}
          >
            {FULFILMENT_ACTION_LABELS[to]}
          </button>
        ))}
        {order.status === 'COMPLETED' && isBeforeShipping(status) && (
          <button type="button" className="btn btn--danger" onClick={() => setOpen('cancel')}>
            Cancel order
          </button>
        )}
        {totals.refundableCents > 0 && (
          <button type="button" className="btn btn--outline" onClick={() => setOpen('refund')}>
            Refund
          </button>
        )}
        {next.length === 0 && !isBeforeShipping(status) && totals.refundableCents === 0 && <p className="muted">Nothing left to do for this order.</p>}
      </div>
    </section>
  );
}
