import { Link } from 'react-router-dom';
import { formatCents, formatPrice } from '@cocoa/shared-types';
import { SmartImage } from '../../../ui/smart-image';
import { Skeleton } from '../../../ui/skeleton';
import { Dialog } from '../../../ui/dialog';
import { useCartDrawer } from '../cart-drawer-store';
import { useCart } from '../use-cart';
import { LineQuantity } from './line-quantity';

/**
 * Side drawer 'Your Cart': 350px wide, 450px on larger screens. The app's modal dialog
 * (ui/dialog): focus stays in it while open, Escape closes it, and focus goes back to what opened
 * it. Focus starts on the panel itself, so the auto-close runs until the person touches or tabs
 * into the drawer. No <header>/<footer> inside: those would be a second banner and contentinfo.
 */
export function CartDrawer() {
  const { isOpen, close, cancelAutoClose } = useCartDrawer();
  const { lines, hydrated, dispatch, totals, count } = useCart();

  if (!isOpen) return null;

  return (
    <Dialog
      title="Your Cart"
      onClose={close}
      variant="drawer"
      closeButton="Close cart"
      initialFocus={null}
      panelProps={{
        onPointerDown: cancelAutoClose,
        onFocusCapture: (e) => e.target !== e.currentTarget && cancelAutoClose(),
      }}
    >
      {!hydrated ? (
        <div className="drawer__body">
          <p>Loading cart items...</p>
          <Skeleton className="skeleton--line" />
          <Skeleton className="skeleton--line" />
        </div>
      ) : (
        <>
          <p className="drawer__summary">{count > 0 ? `You have ${count} item(s) in your cart.` : 'Your cart is empty.'}</p>
          {lines.length === 0 ? (
            <div className="drawer__body drawer__empty">
              <Link className="btn btn--primary" to="/products" onClick={close}>
                BROWSE PRODUCTS
              </Link>
            </div>
          ) : (
            <>
              <ul className="drawer__body drawer__lines" aria-label="Cart items">
                {lines.map((line) => (
                  <li key={line.id} className="drawer-line">
                    <SmartImage src={line.imageUrl} alt={line.name} width={64} height={64} className="drawer-line__image" />
                    <div className="drawer-line__info">
                      <p className="drawer-line__name">{line.name}</p>
                      <p className="drawer-line__price">{formatPrice(line.price)}</p>
                      <LineQuantity line={line} dispatch={dispatch} announce />
                    </div>
                    <button type="button" className="link-btn" aria-label={`Remove ${line.name}`} onClick={() => dispatch({ type: 'remove', id: line.id })}>
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
              <div className="drawer__footer">
                <p className="drawer__subtotal">
                  <span>Subtotal</span> <strong data-testid="drawer-subtotal">{formatCents(totals.subtotal)}</strong>
                </p>
                <Link className="btn btn--primary btn--block" to="/checkout" onClick={close}>
                  CHECKOUT
                </Link>
              </div>
            </>
          )}
        </>
      )}
    </Dialog>
  );
}
