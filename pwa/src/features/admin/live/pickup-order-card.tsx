import { useId, useState } from 'react';
import { PICKUP_ACTION_LABELS, PICKUP_QUEUE_TONES, PICKUP_STATUS_LABELS, type PickupStatus, shopClock } from '@cocoa/shared-types';
import { StatusPill } from '../../../ui/status-pill';
import { Field } from '../../../ui/field';
import { ConfirmDialog } from '../shared/dialog';
import { useMovePickupOrder } from './api/move-pickup-order';
import type { QueueCard } from './api/pickup-orders';
import { useNewPickupOrders } from './new-pickup-orders';

/** The button's look: the order's next step stands out, a cancel reads as one. */
function moveClass(to: PickupStatus, first: boolean): string {
  if (to === 'cancelled') return 'btn--danger';
  return first ? 'btn--primary' : 'btn--outline';
}

/** Cancelling refunds the customer: asked first, with a reason the customer is told (optional). */
function CancelDialog({ order, busy, onCancel, onConfirm }: { order: QueueCard; busy: boolean; onCancel: () => void; onConfirm: (reason: string) => void }) {
  const [reason, setReason] = useState('');
  const id = useId();
  return (
    <ConfirmDialog
      title={`Cancel order ${order.code}?`}
      message={`${order.firstName || 'The customer'} is refunded in full and told the order is cancelled.`}
      confirmLabel={PICKUP_ACTION_LABELS.cancelled}
      busyLabel="Cancelling..."
      cancelLabel="Keep the order"
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => onConfirm(reason)}
    >
      <Field id={`${id}-reason`} label="Reason told to the customer (optional)">
        <textarea id={`${id}-reason`} rows={2} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
      </Field>
    </ConfirmDialog>
  );
}

/**
 * One pickup order on the queue: the code large (what the customer shows), the name called out,
 * what to make, its state, and one large button per move the order may make now.
 */
export function PickupOrderCard({ order, timeZone, isNew }: { order: QueueCard; timeZone: string; isNew: boolean }) {
  const move = useMovePickupOrder();
  const acknowledge = useNewPickupOrders((state) => state.acknowledge);
  const [cancelling, setCancelling] = useState(false);
  const id = useId();
  const go = (to: PickupStatus, reason?: string) => {
    acknowledge(order.id);
    move.mutate({ order, to, reason }, { onSettled: () => setCancelling(false) });
  };
  const moves = order.moves;
  return (
    <li className={`card pickup-card pickup-card--${order.status}${isNew ? ' is-new' : ''}`} aria-labelledby={`${id}-code ${id}-name`}>
      <div className="pickup-card__head">
        <span id={`${id}-code`} className="pickup-card__code">
          {order.code}
        </span>
        <StatusPill className="pickup-state" tone={PICKUP_QUEUE_TONES[order.status]}>
          {PICKUP_STATUS_LABELS[order.status]}
        </StatusPill>
      </div>
      <p className="pickup-card__name">
        <span id={`${id}-name`}>{order.firstName}</span>
        {isNew && <span className="badge pickup-badge--new">New</span>}
        {order.testMode && (
          <span className="badge badge--test" title="Placed in test mode: nothing was charged">
            TEST
          </span>
        )}
      </p>
      <ul className="pickup-card__items">
        {order.items.map((item, i) => (
          <li key={`${i}-${item.name}`}>
            <strong>{item.quantity} ×</strong> {item.name}
          </li>
        ))}
      </ul>
      {order.delayMinutes > 0 && (
        <p className="muted">
          {order.delayMinutes} min later than ordered ({shopClock(new Date(order.slotStart), timeZone)})
        </p>
      )}
      {order.waiting && <p className="pickup-card__waiting">Saved on this tablet: sent when the signal is back</p>}
      {moves.length > 0 && (
        <div className="pickup-card__moves">
          {moves.map((to, i) => (
            <button
              key={to}
              type="button"
              className={`btn ${moveClass(to, i === 0)} pickup-move`}
              disabled={move.isPending}
              onClick={() => (to === 'cancelled' ? setCancelling(true) : go(to))}
            >
              {PICKUP_ACTION_LABELS[to]}
            </button>
          ))}
        </div>
      )}
      {cancelling && <CancelDialog order={order} busy={move.isPending} onCancel={() => setCancelling(false)} onConfirm={(reason) => go('cancelled', reason)} />}
    </li>
  );
}
