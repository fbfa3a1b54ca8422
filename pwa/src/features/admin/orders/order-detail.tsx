import { useState } from 'react';
import { useAdminOrder } from './api/detail';
import { useMoveFulfilment } from './api/move-fulfilment';
import { ConfirmDialog } from '../shared/dialog';
import { BackButton, DetailState } from '../shared/detail-state';
import { CancelDialog, RefundDialog, ShipDialog } from './order-dialogs';
import { OrderPayment, OrderShipTo } from './order-delivery';
import { OrderRefunds, OrderTimeline } from './order-history';
import { OrderItems } from './order-items';
import { type OrderAction, OrderNextSteps } from './order-next-steps';
import { PackingSlip } from './packing-slip';

/**
 * One order for the owner: what to do next (only the moves the states allow), the items, totals,
 * address (copy it, print the packing slip), payment reference, shipment, refunds and the
 * timeline of every change with who made it.
 */
export function OrderDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const query = useAdminOrder(id);
  const move = useMoveFulfilment(id);
  const [open, setOpen] = useState<OrderAction | null>(null);
  const back = <BackButton label="← All orders" onBack={onBack} />;

  if (!query.isSuccess) return <DetailState query={query} back={back} noun="order" />;

  const order = query.data;
  const busy = move.isPending;
  const close = () => setOpen(null);

  return (
    <div className="admin-stack orders-detail">
      {back}
      <OrderNextSteps order={order} busy={busy} onMove={(to) => move.mutate({ to })} setOpen={setOpen} />
      <div className="orders-detail__grid">
        <OrderShipTo order={order} />
        <OrderPayment order={order} />
      </div>
      <OrderItems order={order} />
      <OrderRefunds order={order} />
      <OrderTimeline order={order} />

      <PackingSlip order={order} />
      {open === 'ship' && <ShipDialog order={order} onClose={close} />}
      {open === 'cancel' && <CancelDialog order={order} onClose={close} />}
      {open === 'refund' && <RefundDialog order={order} onClose={close} />}
      {open === 'delivered' && (
        <ConfirmDialog
          title={`Mark order #${order.number} delivered?`}
          message={<p>The customer is e-mailed that the parcel has arrived. This cannot be undone.</p>}
          confirmLabel="Mark delivered"
          busyLabel="Saving..."
          destructive={false}
          busy={busy}
          onCancel={close}
          onConfirm={() => move.mutate({ to: 'delivered' }, { onSettled: close })}
        />
      )}
    </div>
  );
}
