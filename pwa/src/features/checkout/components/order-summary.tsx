import { formatCents, toCents, type CartLine, type CheckoutTotals } from '@cocoa/shared-types';

/** Lines with subtotal, flat shipping, 7 % tax and total, all from checkoutTotals. */
export function OrderSummary({ lines, totals }: { lines: readonly CartLine[]; totals: CheckoutTotals }) {
  return (
    <aside className="summary card" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">Order Summary</h2>
      <ul className="checkout-summary__lines">
        {lines.map((line) => (
          <li key={line.id}>
            <span>
              {line.name} <span className="muted">× {line.quantity}</span>
            </span>
            <span>{formatCents(toCents(line.price) * line.quantity)}</span>
          </li>
        ))}
      </ul>
      <dl>
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="checkout-subtotal">{formatCents(totals.subtotal)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd data-testid="checkout-shipping">{formatCents(totals.shipping)}</dd>
        </div>
        <div>
          <dt>Tax (7%)</dt>
          <dd data-testid="checkout-tax">{formatCents(totals.tax)}</dd>
        </div>
        <div className="summary__total">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{formatCents(totals.total)}</dd>
        </div>
      </dl>
    </aside>
  );
}
