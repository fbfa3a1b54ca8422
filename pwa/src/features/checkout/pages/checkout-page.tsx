import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { checkoutTotals, type CartLine, type CheckoutCompleteResponse, type ShippingData } from '@cocoa/shared-types';
import { Spinner } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCustomerProfile } from '../../account';
import { useUser } from '../../auth';
import { useCart, useCartStore } from '../../cart';
import { clearServerCart } from '../api/clear-server-cart';
import { CheckoutConfirmation } from '../components/checkout-confirmation';
import { CheckoutSteps, type CheckoutStep } from '../components/checkout-steps';
import { GuestBanner } from '../components/guest-banner';
import { OrderSummary } from '../../../ui/order-summary';
import { PaymentStep } from '../components/payment-step';
import { shippingDefaults, ShippingForm, type ShippingFormValues } from '../components/shipping-form';
import { rememberLastOrder } from '../last-order';
import '../checkout.css';

interface PlacedOrder extends CheckoutCompleteResponse {
  lines: CartLine[];
  email: string;
}

const STEP_TITLES = ['Shipping Information', 'Payment', 'Order Confirmed'] as const;

/** /checkout: open to guests (docs/decisions.md); Shipping → Payment → Confirmation. */
export default function CheckoutPage() {
  useDocumentTitle('Checkout');
  const { user, isLoading: userLoading } = useUser();
  const profile = useCustomerProfile(user?.id);
  const { lines, hydrated, dispatch } = useCart();
  const [step, setStep] = useState<CheckoutStep>(0);
  const [shipping, setShipping] = useState<ShippingData | null>(null);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Each step change moves focus (and the phone's scroll) to the step's heading.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  if (!hydrated) return <Spinner label="Loading cart" />;
  if (lines.length === 0 && !placed) return <Navigate to="/products" replace />;

  const onPaid = (result: CheckoutCompleteResponse) => {
    setPlaced({ ...result, lines: [...lines], email: shipping?.email ?? '' });
    setStep(2);
    rememberLastOrder(result.orderId);
    toast('Payment Successful', 'Your order has been placed!');
    const { sessionId } = useCartStore.getState();
    dispatch({ type: 'clear' });
    void clearServerCart(sessionId);
  };

  const summaryLines = placed ? placed.lines : lines;
  const profileSettled = !user || !profile.isPending;
  const defaults: ShippingFormValues = shipping ?? shippingDefaults(profile.data, user?.email);

  return (
    <div className="container page checkout-page">
      <h1>Checkout</h1>
      {!user && !userLoading && !placed && <GuestBanner />}
      <CheckoutSteps current={step} />
      <div className="checkout-layout">
        <section aria-labelledby="checkout-step-title" className="checkout-step">
          <h2 id="checkout-step-title" ref={heading} tabIndex={-1}>
            {STEP_TITLES[step]}
          </h2>
          {step === 0 &&
            (userLoading || !profileSettled ? (
              <Spinner label="Loading your details" />
            ) : (
              <ShippingForm
                defaultValues={defaults}
                onSubmit={(data) => {
                  setShipping(data);
                  setStep(1);
                }}
              />
            ))}
          {step === 1 && shipping && <PaymentStep lines={lines} shipping={shipping} onSuccess={onPaid} onCancel={() => setStep(0)} />}
          {step === 2 && placed && (
            <CheckoutConfirmation orderId={placed.orderId} paymentId={placed.paymentId} testMode={placed.testMode} email={placed.email} signedIn={!!user} />
          )}
        </section>
        <OrderSummary name="checkout" title="Order Summary" lines={summaryLines} totals={checkoutTotals(summaryLines)} />
      </div>
    </div>
  );
}
