import { type AdminOrderSummary, FULFILMENT_ADMIN_LABELS, FULFILMENT_ADMIN_TONES } from '@cocoa/shared-types';
import { StatusPill } from '../../../ui/status-pill';

/** An order's fulfilment in the owner's words and colours (before the payment completes, the payment's state). */
export function OrderStatePill({ order }: { order: Pick<AdminOrderSummary, 'fulfilmentStatus' | 'status'> }) {
  const status = order.fulfilmentStatus;
  return (
    <StatusPill className="orders-state" tone={status ? FULFILMENT_ADMIN_TONES[status] : undefined}>
      {status ? FULFILMENT_ADMIN_LABELS[status] : `Payment ${order.status.toLowerCase()}`}
    </StatusPill>
  );
}
