import { formatPrice, ORDER_ID_DISPLAY_LENGTH, type OrderView } from '@cocoa/shared-types';
import { OrderAddress, OrderSums } from '../../orders';
import { TableHead } from '../../../ui/table-head';

const STATUS_LABEL: Record<OrderView['status'], string> = { OPEN: 'Open', COMPLETED: 'Completed', CANCELED: 'Canceled', DRAFT: 'Draft' };

/** /order-confirmation details: test summary (TEST MODE), items, shipping, e-mail note, status. */
export function OrderDetails({ order }: { order: OrderView }) {
  return (
    <>
      {order.testMode && (
        <section aria-labelledby="confirmation-test-title" className="confirmation__section">
          <h2 id="confirmation-test-title">Payment Summary</h2>
          <dl className="summary">
            <div>
              <dt>Payment method</dt>
              <dd>Test card (no charge)</dd>
            </div>
            <div>
              <dt>Payment ID</dt>
              <dd>{order.paymentId ?? 'N/A'}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>Succeeded</dd>
            </div>
          </dl>
        </section>
      )}
      <section aria-labelledby="confirmation-items-title" className="confirmation__section">
        <h2 id="confirmation-items-title">Order Details</h2>
        <table className="confirmation__items">
          <TableHead columns={['Product', 'Quantity', 'Price', 'Total']} />
          <tbody>
            {order.items.map((item, index) => (
              <tr key={`${item.productId ?? 'x'}-${index}`}>
                <td>{item.name}</td>
                <td>{item.quantity}</td>
                <td>{formatPrice(item.price)}</td>
                <td>{formatPrice(item.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="summary">
          <OrderSums order={order} totalClassName="summary__total" totalTestId="confirmation-total" />
        </dl>
      </section>
      <section aria-labelledby="confirmation-shipping-title" className="confirmation__section">
        <h2 id="confirmation-shipping-title">Shipping Information</h2>
        <OrderAddress order={order} />
        <p className="muted">Order details have been e-mailed to {order.email}.</p>
        <p>
          Order status: <strong>{STATUS_LABEL[order.status]}</strong>
        </p>
      </section>
    </>
  );
}

export const shortOrderId = (id: string) => id.slice(0, ORDER_ID_DISPLAY_LENGTH);
