import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { messageOf } from '../../../lib/api-fetch';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Spinner } from '../../../ui/skeleton';
import { errorToast, toast } from '../../../ui/toast-store';
import { useCartStore } from '../../cart';
import { useOrder } from '../../orders';
import { clearServerCart } from '../api/clear-server-cart';
import { createOrderFromPayment } from '../api/create-from-payment';
import { OrderDetails, shortOrderId } from '../components/order-details';
import { forgetLastOrder, peekLastOrder } from '../last-order';
import '../checkout.css';

/** An order id of 0 is a test order, shown with a random six-digit number. */
const TEST_ORDER_ID = '0';
const randomOrderNumber = () => String(100000 + Math.floor(Math.random() * 900000));

const ORDER_ERROR_FALLBACK = 'There was an error processing your order. Please contact customer support.';

function Working() {
  return (
    <div className="container page center" role="status" aria-live="polite">
      <Spinner label="Processing your order..." />
      <h1>Processing your order...</h1>
      <p>Please wait while we confirm your payment.</p>
    </div>
  );
}

function NoOrder() {
  return (
    <div className="container page narrow empty-state">
      <h1>Order Confirmation</h1>
      <p>No order information found. Please check your orders history.</p>
      <Link to="/orders" className="btn btn--primary">
        View Orders
      </Link>
    </div>
  );
}

/**
 * /order-confirmation: a returning payment (payment_intent with redirect_status
 * succeeded, or payment_id) is turned into its order, the cart cleared, and the order shown;
 * redirect_status failed goes back to the cart; otherwise the last order placed in this tab.
 */
export default function OrderConfirmationPage() {
  useDocumentTitle('Order Confirmation');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirectStatus = params.get('redirect_status');
  const paymentReference = (redirectStatus === 'succeeded' && params.get('payment_intent')) || params.get('payment_id') || null;
  const amount = params.get('amount');

  const [storedId] = useState(peekLastOrder);
  useEffect(() => {
    if (storedId) forgetLastOrder();
  }, [storedId]);

  useEffect(() => {
    if (redirectStatus !== 'failed') return;
    errorToast('Payment failed', 'Your payment could not be processed. Please try again.');
    navigate('/cart', { replace: true });
  }, [redirectStatus, navigate]);

  const created = useQuery({
    queryKey: ['orders', 'from-payment', paymentReference] as const,
    queryFn: async () => {
      const sessionId = useCartStore.getState().sessionId || null;
      const result = await createOrderFromPayment({ paymentIntentId: paymentReference as string, amount: amount ?? 0, sessionId });
      if (!result?.orderId) throw new Error('No order ID returned from the server');
      return result;
    },
    enabled: paymentReference !== null && redirectStatus !== 'failed',
    gcTime: 0,
  });

  const announced = useRef(false);
  useEffect(() => {
    if (announced.current) return;
    if (created.isSuccess) {
      announced.current = true;
      const { sessionId, dispatch } = useCartStore.getState();
      dispatch({ type: 'clear' });
      void clearServerCart(sessionId);
      toast('Order successful', `Your order #${shortOrderId(created.data.orderId)} has been placed successfully!`);
    } else if (created.isError) {
      announced.current = true;
      errorToast('Error processing order', messageOf(created.error, ORDER_ERROR_FALLBACK));
    }
  }, [created.isSuccess, created.isError, created.data, created.error]);

  const orderId = paymentReference ? (created.data?.orderId ?? null) : storedId;
  const isTestNumber = orderId === TEST_ORDER_ID;
  const [testNumber] = useState(randomOrderNumber);
  const order = useOrder(orderId ?? '', null, null, orderId !== null && orderId !== '' && !isTestNumber);

  if (redirectStatus === 'failed') return null;
  if (paymentReference && created.isPending) return <Working />;
  if (paymentReference && created.isError) {
    return (
      <div className="container page narrow">
        <h1>Error processing order</h1>
        <p role="alert">{messageOf(created.error, ORDER_ERROR_FALLBACK)}</p>
        <Link to="/orders" className="btn btn--primary">
          View Orders
        </Link>
      </div>
    );
  }
  if (!orderId) return <NoOrder />;

  const testMode = isTestNumber || created.data?.testMode || order.data?.testMode;
  return (
    <div className="container page narrow confirmation">
      <section className="card">
        <h1>Thank You!{testMode && <span className="badge badge--test">TEST MODE</span>}</h1>
        <p>Your order has been placed successfully</p>
        <p className="confirmation__id">Order #{isTestNumber ? testNumber : shortOrderId(orderId)}</p>
        {order.isPending && !isTestNumber && order.fetchStatus !== 'idle' && <Spinner label="Loading order details" />}
        {order.isSuccess && <OrderDetails order={order.data} />}
        <div className="confirmation__actions">
          <Link to="/orders" className="btn btn--primary">
            View Order History
          </Link>
          <Link to="/products" className="btn btn--outline">
            Continue Shopping
          </Link>
        </div>
      </section>
    </div>
  );
}
