import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CartLine } from '@cocoa/shared-types';
import { mockFetch, renderWithProviders, renderWithToasts } from '../../../test/render';
import { useCartStore } from '../../cart';
import CheckoutPage from './checkout-page';
import OrderConfirmationPage from './order-confirmation-page';
import { fill, fillIn } from '../../../test/form';

const user = { id: 7, username: 'jane', email: 'jane@example.com', firstName: 'Jane', lastName: null, isAdmin: false };
const lines: CartLine[] = [{ id: 1, name: 'Classic Hot Cocoa', price: 12.99, slug: 'classic-hot-cocoa', quantity: 2 }];
const config = { body: { testMode: true, applicationId: null, locationId: null, environment: 'sandbox' } };
const SESSION = 'abcdefghijklmnopqrstu';

const orderView = {
  id: '3f2a9c1e-0000-4000-8000-000000000001',
  status: 'COMPLETED',
  testMode: true,
  paymentId: 'test_abc',
  createdAt: '2026-11-22T06:00:00.000Z',
  email: 'jane@example.com',
  items: [{ productId: 1, name: 'Classic Hot Cocoa', quantity: 2, price: 12.99, total: 25.98 }],
  subtotal: 25.98,
  discount: 0,
  discountCode: null,
  shipping: 5.99,
  tax: 1.82,
  total: 33.79,
  shippingName: 'Jane Doe',
  shippingAddress: '12 Cocoa Lane',
  shippingCity: 'Portland',
  shippingState: 'OR',
  shippingZip: '97201',
  shippingCountry: 'US',
};

beforeAll(() => useCartStore.getState().hydrate());
beforeEach(() => {
  useCartStore.setState({ lines: [...lines], count: 2, hydrated: true, sessionId: SESSION });
  window.sessionStorage.clear();
});

describe('CheckoutPage', () => {
  it('sends an empty cart to /products', async () => {
    useCartStore.setState({ lines: [], count: 0 });
    mockFetch({ 'GET /api/user': { status: 401 } });
    renderWithProviders(<CheckoutPage />, { route: '/checkout' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/products$/));
  });

  it('shows guests the banner with Login and Register to /auth?redirect=/checkout, the steps and the summary with tax', async () => {
    mockFetch({ 'GET /api/user': { status: 401 } });
    renderWithProviders(<CheckoutPage />, { route: '/checkout' });
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth?redirect=/checkout');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/auth?redirect=/checkout');
    const steps = screen.getByRole('list', { name: 'Checkout progress' });
    expect(steps).toHaveTextContent('Shipping');
    expect(steps).toHaveTextContent('Payment');
    expect(steps).toHaveTextContent('Confirmation');
    expect(screen.getByText('Shipping', { selector: 'li[aria-current="step"] *, li[aria-current="step"]', exact: false })).toBeInTheDocument();
    expect(screen.getByTestId('checkout-subtotal')).toHaveTextContent('$25.98');
    expect(screen.getByTestId('checkout-shipping')).toHaveTextContent('$5.99');
    expect(screen.getByTestId('checkout-tax')).toHaveTextContent('$1.82');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$33.79');
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('pre-fills the shipping form of a signed-in buyer, pays, clears the cart and shows the Confirmation step', async () => {
    const { calls } = mockFetch({
      'GET /api/user': { body: user },
      'GET /api/me/customer': {
        body: {
          emailAddress: 'jane@example.com',
          givenName: 'Jane',
          familyName: 'Doe',
          phoneNumber: '(503) 555-0142',
          address: { line1: '12 Cocoa Lane', city: 'Portland', state: 'OR', postalCode: '97201', country: 'US' },
        },
      },
      'GET /api/square/web-payments/config': config,
      'POST /api/square/checkout/complete': { body: { orderId: orderView.id, paymentId: 'test_abc', testMode: true } },
      [`DELETE /api/cart/clear?sessionId=${SESSION}`]: { status: 204 },
    });
    renderWithToasts(<CheckoutPage />, { route: '/checkout' });
    expect(await screen.findByLabelText('First name')).toHaveValue('Jane');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('ZIP code')).toHaveValue('97201');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    await screen.findByLabelText('Card number');
    fillIn({ 'Card holder': 'Jane Doe', 'Card number': '4111 1111 1111 1111', 'Expiry (MM/YY)': '12/30', CVC: '123' });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $33.79' }));

    expect(await screen.findByText('Payment Successful')).toBeInTheDocument();
    expect(screen.getByText('Your order has been placed!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Thank You!/ })).toBeInTheDocument();
    expect(screen.getByText('Order #3f2a9c1e')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    // the cart is emptied, but an order was just placed: no redirect to /products
    expect(useCartStore.getState().lines).toEqual([]);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/checkout$/);
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$33.79');
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/cart/clear?sessionId=${SESSION}`)).toBe(true));
    expect(window.sessionStorage.getItem('cocoa-last-order-id')).toBe(orderView.id);
  });

  it('Cancel on the payment step returns to the shipping form with what was typed', async () => {
    mockFetch({ 'GET /api/user': { status: 401 }, 'GET /api/square/web-payments/config': config });
    renderWithProviders(<CheckoutPage />, { route: '/checkout' });
    await screen.findByLabelText('First name');
    for (const [label, value] of [
      ['First name', 'Sam'],
      ['Last name', 'Guest'],
      ['Email', 'sam@example.com'],
      ['Phone', '(512) 555-0142'],
      ['Address', '1 Main Street'],
      ['City', 'Austin'],
      ['State', 'TX'],
      ['ZIP code', '73301'],
    ])
      fill(label, value);
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByLabelText('First name')).toHaveValue('Sam');
    expect(screen.getByLabelText('State')).toHaveValue('TX');
  });
});

describe('OrderConfirmationPage', () => {
  it('with nothing to show says so and links to the orders', async () => {
    mockFetch({});
    renderWithProviders(<OrderConfirmationPage />, { route: '/order-confirmation' });
    expect(screen.getByText('No order information found. Please check your orders history.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Orders' })).toHaveAttribute('href', '/orders');
  });

  it('shows the last order of this tab once (TEST MODE, items, shipping, status), then forgets it', async () => {
    window.sessionStorage.setItem('cocoa-last-order-id', orderView.id);
    mockFetch({ [`GET /api/orders/${orderView.id}`]: { body: orderView } });
    renderWithProviders(<OrderConfirmationPage />, { route: '/order-confirmation' });
    expect(screen.getByText('Your order has been placed successfully')).toBeInTheDocument();
    expect(screen.getByText('Order #3f2a9c1e')).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'Product' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Thank You!/ })).toHaveTextContent('TEST MODE');
    expect(screen.getByRole('cell', { name: 'Classic Hot Cocoa' })).toBeInTheDocument();
    expect(screen.getByText('Succeeded')).toBeInTheDocument();
    expect(screen.getByText('test_abc')).toBeInTheDocument();
    expect(screen.getByTestId('confirmation-total')).toHaveTextContent('$33.79');
    expect(screen.getByText(/12 Cocoa Lane/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Order History' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
    expect(window.sessionStorage.getItem('cocoa-last-order-id')).toBeNull();
  });

  it('turns a returning payment_id into its order, clears the cart and toasts', async () => {
    const { calls } = mockFetch({
      'POST /api/orders/create-from-payment': { body: { orderId: orderView.id, testMode: true } },
      [`GET /api/orders/${orderView.id}`]: { body: orderView },
      [`DELETE /api/cart/clear?sessionId=${SESSION}`]: { status: 204 },
    });
    renderWithToasts(<OrderConfirmationPage />, { route: '/order-confirmation?payment_id=test_abc&amount=33.79' });
    expect(screen.getByText('Processing your order...', { selector: 'h1' })).toBeInTheDocument();
    expect(screen.getByText('Please wait while we confirm your payment.')).toBeInTheDocument();
    expect(await screen.findByText('Order successful')).toBeInTheDocument();
    expect(screen.getByText('Your order #3f2a9c1e has been placed successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/orders/create-from-payment')?.body).toEqual({ paymentIntentId: 'test_abc', amount: '33.79', sessionId: SESSION });
    expect(useCartStore.getState().lines).toEqual([]);
    expect(await screen.findByRole('cell', { name: 'Classic Hot Cocoa' })).toBeInTheDocument();
  });

  it('redirect_status=failed says so and goes back to the cart', async () => {
    mockFetch({});
    renderWithToasts(<OrderConfirmationPage />, { route: '/order-confirmation?payment_intent=pi_1&redirect_status=failed' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/cart$/));
    expect(screen.getByText('Your payment could not be processed. Please try again.')).toBeInTheDocument();
  });

  it("a failed order creation toasts 'Error processing order' with the server's message", async () => {
    mockFetch({ 'POST /api/orders/create-from-payment': { status: 404, body: { message: 'Payment not found' } } });
    renderWithToasts(<OrderConfirmationPage />, { route: '/order-confirmation?payment_intent=pi_1&redirect_status=succeeded' });
    expect(await screen.findByText('Error processing order', { selector: '.toast *' })).toBeInTheDocument();
    expect(screen.getAllByText('Payment not found').length).toBeGreaterThan(0);
    await act(async () => undefined);
  });
});
