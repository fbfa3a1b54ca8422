import { formatPrice, type OrderView } from '@cocoa/shared-types';

/**
 * An order's sums, the rows of its page's or its confirmation's list: subtotal, a discount code's
 * amount off, shipping (a pickup
 * order has none), tax, a pickup order's tip, and the total.
 */
export function OrderSums({ order, totalClassName, totalTestId }: { order: OrderView; totalClassName: string; totalTestId: string }) {
  const pickup = order.fulfilmentMethod === 'pickup';
  return (
    <>
      <div>
        <dt>Subtotal</dt>
        <dd>{formatPrice(order.subtotal)}</dd>
      </div>
      {order.discount > 0 && (
        <div>
          <dt>Discount{order.discountCode ? ` (${order.discountCode})` : ''}</dt>
          <dd data-testid="order-discount">−{formatPrice(order.discount)}</dd>
        </div>
      )}
      {!pickup && (
        <div>
          <dt>Shipping</dt>
          <dd>{formatPrice(order.shipping)}</dd>
        </div>
      )}
      <div>
        <dt>Tax</dt>
        <dd>{formatPrice(order.tax)}</dd>
      </div>
      {pickup && (
        <div>
          <dt>Tip</dt>
          <dd>{formatPrice(order.tip)}</dd>
        </div>
      )}
      <div className={totalClassName}>
        <dt>Total</dt>
        <dd data-testid={totalTestId}>{formatPrice(order.total)}</dd>
      </div>
    </>
  );
}
