import { type AdminOrderDetail, formatCents } from '@cocoa/shared-types';
import { MetaRow } from '../../../ui/meta-row';
import { TableHead } from '../../../ui/table-head';
import { AdminCard } from '../shared/admin-card';

/** The lines bought (with how many were refunded) and the totals, down to what is left to refund. */
export function OrderItems({ order }: { order: AdminOrderDetail }) {
  const { totals } = order;
  return (
    <AdminCard titleId="order-items" title="Items">
      <div className="admin-table-wrap">
        <table className="admin-table">
          <TableHead columns={['Item', 'Qty', 'Price', 'Total']} />
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id}>
                <td>
                  {line.name}
                  {line.refundedQuantity > 0 && <span className="admin-table__sub muted">{line.refundedQuantity} refunded</span>}
                </td>
                <td>{line.quantity}</td>
                <td className="admin-table__nowrap">{formatCents(line.unitPriceCents)}</td>
                <td className="admin-table__nowrap">{formatCents(line.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="orders-totals">
        <MetaRow term="Subtotal">{formatCents(totals.subtotalCents)}</MetaRow>
        {totals.discountCents > 0 && <MetaRow term={`Discount (${totals.discountCode ?? 'code'})`}>−{formatCents(totals.discountCents)}</MetaRow>}
        <MetaRow term="Shipping">{formatCents(totals.shippingCents)}</MetaRow>
        <MetaRow term="Tax">{formatCents(totals.taxCents)}</MetaRow>
        <div className="orders-totals__total">
          <dt>Total</dt>
          <dd>{formatCents(totals.totalCents)}</dd>
        </div>
        {totals.refundedCents > 0 && <MetaRow term="Refunded">−{formatCents(totals.refundedCents)}</MetaRow>}
        {totals.pendingRefundCents > 0 && <MetaRow term="Refunds on their way">−{formatCents(totals.pendingRefundCents)}</MetaRow>}
        <div>
          <dt>Left to refund</dt>
          <dd data-testid="order-refundable">{formatCents(totals.refundableCents)}</dd>
        </div>
      </dl>
    </AdminCard>
  );
}
