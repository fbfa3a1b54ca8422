import { checkoutTotals, fromCents, type CartLine, type CheckoutCompleteResponse, type ShippingData } from '@cocoa/shared-types';
import { CardPayment, type CardPaymentAttempt } from '../../payment';
import { completeCheckout } from '../api/complete-checkout';

export interface PaymentStepProps {
  lines: readonly CartLine[];
  shipping: ShippingData;
  onSuccess: (result: CheckoutCompleteResponse) => void;
  onCancel: () => void;
}

/** Step 1 of the checkout: the card payment of the cart's total, sent to the checkout endpoint. */
export function PaymentStep({ lines, shipping, onSuccess, onCancel }: PaymentStepProps) {
  const totals = checkoutTotals(lines);
  const submit = async ({ sourceId, idempotencyKey }: CardPaymentAttempt) => {
    const result = await completeCheckout({
      sourceId,
      amount: fromCents(totals.total),
      shippingCost: fromCents(totals.shipping),
      taxAmount: fromCents(totals.tax),
      shippingData: shipping,
      cartItems: lines.map((line) => ({ id: line.id, quantity: line.quantity })),
      idempotencyKey,
    });
    if (!result?.orderId || !result?.paymentId) throw new Error('Payment failed');
    return result;
  };
  return <CardPayment amountCents={totals.total} submit={submit} onSuccess={onSuccess} onCancel={onCancel} />;
}
