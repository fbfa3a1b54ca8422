import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { type CartLine, type CheckoutCompleteResponse, priceOrder, type ShippingData } from '@cocoa/shared-types';
import { Spinner } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCustomerProfile } from '../../account';
import { useUser } from '../../auth';
import { useCart, useCartStore, useMoneySettings } from '../../cart';
import { clearServerCart } from '../api/clear-server-cart';
import { CheckoutConfirmation } from '../components/checkout-confirmation';
import { CheckoutSteps, type CheckoutStep } from '../components/checkout-steps';
import { GuestBanner } from '../components/guest-banner';
import { OrderSummary } from '../../../ui/order-summary';
import { type AppliedDiscount, discountCentsOf } from '../../../ui/discount-code-field';
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
  const money = useMoneySettings();
  const [step, setStep] = useState<CheckoutStep>(0);
  const [shipping, setShipping] = useState<ShippingData | null>(null);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const [discount, setDiscount] = useState<AppliedDiscount | null>(null);
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
  const settings = money.data;
  const countries = settings?.shipTo ?? [];
  const defaults: ShippingFormValues = shipping ?? shippingDefaults(profile.data, user?.email, countries);
  // Before the address is known: the first country the shop ships to.
  const place = shipping ? { country: shipping.country, region: shipping.state } : { country: countries[0] ?? 'US' };

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
            (money.isError && !settings ? (
              <div role="alert">
                <p>We could not load the shipping rates. Please check your connection.</p>
                <button type="button" className="btn btn--outline" onClick={() => void money.refetch()}>
                  Try again
                </button>
              </div>
            ) : userLoading || !profileSettled || !settings ? (
              <Spinner label="Loading your details" />
            ) : (
              <ShippingForm
                defaultValues={defaults}
                countries={countries}
                onSubmit={(data) => {
                  setShipping(data);
                  setStep(1);
                }}
              />
            ))}
          {step === 1 && shipping && settings && (
            <PaymentStep
              lines={lines}
              shipping={shipping}
              settings={settings}
              onSuccess={onPaid}
              onCancel={() => setStep(0)}
              discount={discount}
              onDiscountChange={setDiscount}
            />
          )}
          {step === 2 && placed && (
            <CheckoutConfirmation orderId={placed.orderId} paymentId={placed.paymentId} testMode={placed.testMode} email={placed.email} signedIn={!!user} />
          )}
        </section>
        <OrderSummary
          name="checkout"
          title="Order Summary"
          lines={summaryLines}
          totals={settings ? priceOrder({ lines: summaryLines, place, settings, discountCents: discountCentsOf(discount, summaryLines) }) : undefined}
        />
      </div>
    </div>
  );
}
