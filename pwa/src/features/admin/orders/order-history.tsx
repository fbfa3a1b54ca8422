import { formatCents, FULFILMENT_ADMIN_LABELS, type AdminOrderDetail, type FulfilmentStatus, type OrderTimelineEntry } from '@cocoa/shared-types';
import { formatDateTime } from '../shared/format';
import { useRetryRefund } from './api/retry-refund';
import { TimelineCard } from '../shared/timeline-card';
import { AdminCard } from '../shared/admin-card';

const label = (status: string | null) => (status && status in FULFILMENT_ADMIN_LABELS ? FULFILMENT_ADMIN_LABELS[status as FulfilmentStatus] : (status ?? '—'));
const money = (value: unknown) => (typeof value === 'number' ? formatCents(value) : '');

/** One audit row in words: what happened, from what to what. */
export function describeEvent(e: OrderTimelineEntry): string {
  const d = e.detail;
  switch (e.type) {
    case 'placed':
      return 'Order placed (waiting for the payment)';
    case 'paid':
      return 'Payment completed';
    case 'payment-approved':
      return 'Payment approved, not captured yet';
    case 'canceled':
      return 'Payment canceled';
    case 'fulfilment':
      return `${label(e.from)} → ${label(e.to)}${d.carrier ? ` (${String(d.carrier)}${d.trackingNumber ? ` ${String(d.trackingNumber)}` : ''})` : ''}`;
    case 'cancelled':
      return `Cancelled: ${String(d.reason ?? '')}${typeof d.amountCents === 'number' && d.amountCents > 0 ? `, ${money(d.amountCents)} refunded` : ''}${d.restocked ? ', items back in stock' : ''}`;
    case 'refund-requested':
      return `Refund of ${money(d.amountCents)} asked of Square`;
    case 'refunded':
      return `Refunded ${money(d.amountCents)}${d.status === 'PENDING' ? ' (Square is processing it)' : ''}: ${String(d.reason ?? '')}${d.restocked ? ', items back in stock' : ''}`;
    case 'refund-failed':
      return `Refund of ${money(d.amountCents)} failed: ${String(d.message ?? d.code ?? '')}`;
    case 'refund':
      return `Square reports a refund of ${money(d.amountCents)}: ${String(d.status ?? '')}`;
    default:
      return e.type;
  }
}

const actorLabel = (actor: string) =>
  actor.startsWith('admin:')
    ? actor.slice('admin:'.length)
    : actor === 'checkout'
      ? 'Checkout'
      : actor === 'webhook'
        ? 'Square'
        : actor === 'reconciler'
          ? 'Payment check'
          : actor;

/** The refunds made or asked of Square; one Square never answered can be asked again. */
export function OrderRefunds({ order }: { order: AdminOrderDetail }) {
  const retry = useRetryRefund(order.id);
  if (order.refunds.length === 0) return null;
  return (
    <AdminCard titleId="order-refunds" title="Refunds">
      <ul className="admin-rows">
        {order.refunds.map((r) => (
          <li key={r.id} className="admin-row">
            <span className="admin-row__main">
              <span className="admin-row__title">
                {formatCents(r.amountCents)} · {r.status === 'PENDING' && !r.squareRefundId ? 'No answer from Square yet' : r.status.toLowerCase()}
              </span>
              <span className="admin-row__meta muted">
                {formatDateTime(r.createdAt)} · {actorLabel(r.createdBy)} · {r.reason ?? ''}
                {r.restocked ? ' · back in stock' : ''}
              </span>
            </span>
            {r.status === 'PENDING' && !r.squareRefundId && (
              <button type="button" className="btn btn--outline" disabled={retry.isPending} onClick={() => retry.mutate(r.id)}>
                {retry.isPending ? 'Asking Square...' : 'Retry'}
              </button>
            )}
          </li>
        ))}
      </ul>
    </AdminCard>
  );
}

/** Every change to the order, oldest first, with who made it. */
export function OrderTimeline({ order }: { order: AdminOrderDetail }) {
  return <TimelineCard titleId="order-timeline" title="Timeline" entries={order.timeline} what={describeEvent} who={(e) => `by ${actorLabel(e.actor)}`} />;
}
