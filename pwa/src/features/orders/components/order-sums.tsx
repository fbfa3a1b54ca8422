import { formatPrice, type OrderView } from '@cocoa/shared-types';

/** An order's sums, the rows of its page's or its confirmation's list: subtotal, shipping, tax and the total. */
export function OrderSums({ order, totalClassName, totalTestId }: { order: OrderView; totalClassName: string; totalTestId: string }) {
  return (
    <>
      <div>
        <dt>Subtotal</dt>
        <dd>{formatPrice(order.subtotal)}</dd>
      </div>
      <div>
        <dt>Shipping</dt>
        <dd>{formatPrice(order.shipping)}</dd>
      </div>
      <div>
        <dt>Tax</dt>
        <dd>{formatPrice(order.tax)}</dd>
      </div>
      <div className={totalClassName}>
        <dt>Total</dt>
        <dd data-testid={totalTestId}>{formatPrice(order.total)}</dd>
      </div>
    </>
  );
}
