import { Link } from 'react-router-dom';
import { ORDER_ID_DISPLAY_LENGTH } from '@cocoa/shared-types';

/** Step 2: the order is placed; guests see their confirmation here. */
export function CheckoutConfirmation({
  orderId,
  paymentId,
  testMode,
  email,
  signedIn,
}: {
  orderId: string;
  paymentId: string;
  testMode: boolean;
  email: string;
  signedIn: boolean;
}) {
  return (
    <section className="card checkout-confirmation" aria-labelledby="checkout-confirmation-title">
      <h2 id="checkout-confirmation-title">Thank You!{testMode && <span className="badge badge--test">TEST MODE</span>}</h2>
      <p>Your order has been placed successfully</p>
      <p className="checkout-confirmation__id">Order #{orderId.slice(0, ORDER_ID_DISPLAY_LENGTH)}</p>
      <p className="muted">
        Payment {paymentId}. A confirmation with your order details will be e-mailed to {email}.
      </p>
      <div className="checkout-confirmation__actions">
        <Link to="/" className="btn btn--primary">
          Return to Home
        </Link>
        {signedIn && (
          <>
            <Link to="/order-confirmation" className="btn btn--outline">
              View Order Details
            </Link>
            <Link to="/orders" className="btn btn--outline">
              View Order History
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
