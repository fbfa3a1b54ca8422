import { type AdminOrderSummary, FULFILMENT_ADMIN_LABELS } from '@cocoa/shared-types';
import { StatusPill } from '../../../ui/status-pill';
import { fulfilmentTone } from '../../orders';

/**
 * An order's fulfilment in the owner's words (before the payment completes, the payment's state),
 * coloured as the customer sees it, except that "paid, to pack" stands out as work to do.
 */
export function OrderStatePill({ order }: { order: Pick<AdminOrderSummary, 'fulfilmentStatus' | 'status'> }) {
  const status = order.fulfilmentStatus;
  return (
    <StatusPill className="orders-state" tone={status === 'paid' ? 'waiting' : fulfilmentTone(status)}>
      {status ? FULFILMENT_ADMIN_LABELS[status] : `Payment ${order.status.toLowerCase()}`}
    </StatusPill>
  );
}
