import { Link } from 'react-router-dom';
import { COUNTRIES, formatCents, formatPrice, priceOrder, toCents } from '@cocoa/shared-types';
import { SmartImage } from '../../../ui/smart-image';
import { Skeleton } from '../../../ui/skeleton';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCart } from '../use-cart';
import { useMoneySettings } from '../api/money-settings';
import { LineQuantity } from '../components/line-quantity';

export default function CartPage() {
  useDocumentTitle('Shopping Cart');
  const { lines, hydrated, dispatch, totals } = useCart();
  // Shipping to the first country the shop ships to, until the checkout knows the address.
  const money = useMoneySettings().data;
  const country = money?.shipTo[0];
  const estimate = money && country ? priceOrder({ lines, place: { country }, settings: money }) : null;
  const countryName = COUNTRIES.find((c) => c.code === country)?.name;

  return (
    <div className="container page">
      <h1>Shopping Cart</h1>
      {!hydrated ? (
        <div role="status" aria-busy="true" aria-label="Loading cart">
          <Skeleton className="skeleton--row" />
          <Skeleton className="skeleton--row" />
        </div>
      ) : lines.length === 0 ? (
        <section className="empty-state">
          <h2>Your cart is empty</h2>
          <p>Looks like you haven't added any products to your cart yet.</p>
          <Link className="btn btn--primary" to="/products">
            Start Shopping
          </Link>
        </section>
      ) : (
        <div className="cart-layout">
          <section aria-label="Cart items">
            <ul className="cart-lines">
              {lines.map((line) => (
                <li key={line.id} className="cart-line">
                  <SmartImage src={line.imageUrl} alt={line.name} width={96} height={96} className="cart-line__image" />
                  <div className="cart-line__info">
                    <Link to={`/products/${line.slug}`} className="cart-line__name">
                      {line.name}
                    </Link>
                    <p className="muted">{formatPrice(line.price)} each</p>
                  </div>
                  <LineQuantity line={line} dispatch={dispatch} />
                  <p className="cart-line__total" data-testid="line-total">
                    {formatCents(toCents(line.price) * line.quantity)}
                  </p>
                  <button type="button" className="link-btn" aria-label={`Remove ${line.name}`} onClick={() => dispatch({ type: 'remove', id: line.id })}>
                    Remove
                  </button>
                </li>
              ))}
            </ul>
            <Link to="/products" className="btn btn--outline">
              Continue Shopping
            </Link>
          </section>
          <aside className="summary card" aria-labelledby="summary-title">
            <h2 id="summary-title">Order Summary</h2>
            <dl>
              <div>
                <dt>Subtotal</dt>
                <dd data-testid="summary-subtotal">{formatCents(totals.subtotal)}</dd>
              </div>
              <div>
                <dt>Shipping{money && money.shipTo.length > 1 && countryName ? ` (${countryName})` : ''}</dt>
                <dd data-testid="summary-shipping">{estimate ? formatCents(estimate.shipping) : 'At checkout'}</dd>
              </div>
              <div className="summary__total">
                <dt>Total</dt>
                <dd data-testid="summary-total">{formatCents(totals.subtotal + (estimate?.shipping ?? 0))}</dd>
              </div>
            </dl>
            <p className="muted">Tax, and shipping to your address, are worked out at checkout.</p>
            <Link to="/checkout" className="btn btn--primary btn--block">
              Proceed to Checkout
            </Link>
          </aside>
        </div>
      )}
    </div>
  );
}
