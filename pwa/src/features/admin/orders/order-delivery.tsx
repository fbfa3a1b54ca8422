import type { AdminOrderDetail } from '@cocoa/shared-types';
import { formatDateTime } from '../shared/format';
import { addressLines, copyAddress } from './packing-slip';
import { MetaRow } from '../../../ui/meta-row';
import { AdminCard } from '../shared/admin-card';

/** Where the parcel goes: the address to copy, and the packing slip to print. */
export function OrderShipTo({ order }: { order: AdminOrderDetail }) {
  return (
    <AdminCard titleId="order-ship-to" title="Ship to">
      <address className="orders-address">
        {addressLines(order).map((line) => (
          <span key={line}>{line}</span>
        ))}
        <span>{order.shipping.phone}</span>
      </address>
      <div className="admin-actions">
        <button type="button" className="btn btn--outline" onClick={() => void copyAddress(order)}>
          Copy address
        </button>
        <button type="button" className="btn btn--outline" onClick={() => window.print()}>
          Print packing slip
        </button>
      </div>
    </AdminCard>
  );
}

/** How it was paid (the references to find it in Square) and, once shipped, the carrier and tracking. */
export function OrderPayment({ order }: { order: AdminOrderDetail }) {
  const { shipment } = order;
  return (
    <AdminCard titleId="order-payment" title="Payment">
      <dl className="admin-meta">
        <MetaRow term="Paid with">{order.payment.provider === 'test' ? 'Test card (nothing charged)' : 'Square'}</MetaRow>
        <MetaRow term="Payment" className="admin-break">
          {order.payment.paymentId ?? '—'}
        </MetaRow>
        {order.payment.squareOrderId && (
          <MetaRow term="Square order" className="admin-break">
            {order.payment.squareOrderId}
          </MetaRow>
        )}
        <MetaRow term="Status">{order.payment.paymentStatus ?? order.status}</MetaRow>
      </dl>
      {shipment.carrier && (
        <>
          <h3>Shipment</h3>
          <dl className="admin-meta">
            <MetaRow term="Carrier">{shipment.carrier}</MetaRow>
            {shipment.trackingNumber && (
              <MetaRow term="Tracking" className="admin-break">
                {shipment.trackingUrl ? (
                  <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                    {shipment.trackingNumber}
                  </a>
                ) : (
                  shipment.trackingNumber
                )}
              </MetaRow>
            )}
            {!shipment.trackingNumber && shipment.trackingUrl && (
              <MetaRow term="Tracking" className="admin-break">
                <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                  Tracking page
                </a>
              </MetaRow>
            )}
            <MetaRow term="Shipped">{formatDateTime(shipment.shippedAt) || '—'}</MetaRow>
            {shipment.deliveredAt && <MetaRow term="Delivered">{formatDateTime(shipment.deliveredAt)}</MetaRow>}
          </dl>
        </>
      )}
    </AdminCard>
  );
}
