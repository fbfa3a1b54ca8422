import { Link } from 'react-router-dom';
import { APP_ROUTES, fromCents, type CartLine, type CheckoutCompleteResponse, type MoneySettings, priceOrder, type ShippingData } from '@cocoa/shared-types';
import { CardPayment, type CardPaymentAttempt } from '../../payment';
import { completeCheckout } from '../api/complete-checkout';
import { type AppliedDiscount, discountCentsOf, DiscountCodeField } from '../../../ui/discount-code-field';

export interface PaymentStepProps {
  lines: readonly CartLine[];
  shipping: ShippingData;
  /** The shop's shipping and tax rates (GET /api/money-settings): the total is the server's to the cent. */
  settings: MoneySettings;
  onSuccess: (result: CheckoutCompleteResponse) => void;
  onCancel: () => void;
  /** The discount code applied, if any; the field to apply or remove one is shown above the card. */
  discount?: AppliedDiscount | null;
  onDiscountChange?: (applied: AppliedDiscount | null) => void;
}

/** Step 1 of the checkout: the card payment of the cart's total, sent to the checkout endpoint. */
export function PaymentStep({ lines, shipping, settings, onSuccess, onCancel, discount = null, onDiscountChange }: PaymentStepProps) {
  const place = { country: shipping.country, region: shipping.state };
  const totals = priceOrder({ lines, place, settings, discountCents: discountCentsOf(discount, lines) });
  const submit = async ({ sourceId, idempotencyKey }: CardPaymentAttempt) => {
    const result = await completeCheckout({
      sourceId,
      amount: fromCents(totals.total),
      shippingCost: fromCents(totals.shipping),
      taxAmount: fromCents(totals.tax),
      shippingData: shipping,
      cartItems: lines.map((line) => ({ id: line.id, quantity: line.quantity })),
      idempotencyKey,
      ...(discount ? { discountCode: discount.code } : {}),
    });
    if (!result?.orderId || !result?.paymentId) throw new Error('Payment failed');
    return result;
  };
  return (
    <>
      {onDiscountChange && <DiscountCodeField lines={lines} email={shipping.email} applied={discount} onChange={onDiscountChange} />}
      <CardPayment amountCents={totals.total} submit={submit} onSuccess={onSuccess} onCancel={onCancel} />
      <p className="muted checkout__agreement">
        By paying you agree to the <Link to={APP_ROUTES.terms}>terms</Link>; see the <Link to={APP_ROUTES.refundPolicy}>refund and cancellation policy</Link>.
      </p>
    </>
  );
}
