import { Link, Navigate } from 'react-router-dom';
import { checkoutTotals, formatCents } from '@cocoa/shared-types';
import { Spinner } from '../../../ui/skeleton';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUser } from '../../auth';
import { useCart } from '../../cart';

/** Placeholder until the checkout issue lands: guest banner, empty-cart redirect and the summary. */
export default function CheckoutPage() {
  useDocumentTitle('Checkout');
  const { user } = useUser();
  const { lines, hydrated } = useCart();
  if (!hydrated) return <Spinner label="Loading cart" />;
  if (lines.length === 0) return <Navigate to="/products" replace />;
  const totals = checkoutTotals(lines);
  return (
    <div className="container page">
      <h1>Checkout</h1>
      {!user && (
        <p className="banner banner--hint">
          Have an account? <Link to="/auth?redirect=/checkout">Login</Link> or <Link to="/auth?redirect=/checkout">Register</Link> for a faster checkout.
        </p>
      )}
      <ol className="steps" aria-label="Checkout progress">
        <li aria-current="step">Shipping</li>
        <li>Payment</li>
        <li>Confirmation</li>
      </ol>
      <dl className="summary card">
        <div><dt>Subtotal</dt><dd>{formatCents(totals.subtotal)}</dd></div>
        <div><dt>Shipping</dt><dd>{formatCents(totals.shipping)}</dd></div>
        <div><dt>Tax</dt><dd>{formatCents(totals.tax)}</dd></div>
        <div className="summary__total"><dt>Total</dt><dd>{formatCents(totals.total)}</dd></div>
      </dl>
      <p className="notice">Online payment is coming soon.</p>
    </div>
  );
}
