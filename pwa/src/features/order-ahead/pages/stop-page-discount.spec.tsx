import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { expectNoAxeViolations } from '../../../test/axe';
import { stopPickup } from '../../../test/fixtures';
import { mockFetch, renderWithProviders } from '../../../test/render';
import StopPage from './stop-page';
import { fill, fillIn } from '../../../test/form';

const PICKUP = 'GET /api/stops/12/pickup';
const CONFIG = 'GET /api/square/web-payments/config';
const CHECK = 'POST /api/checkout/discount';
const COMPLETE = 'POST /api/square/checkout/complete';
const nobody = { status: 401, body: { message: 'Please log in to continue' } };
const testConfig = { body: { testMode: true, paymentsAvailable: true, applicationId: null, locationId: null, environment: 'sandbox' } };
const twoOff = { body: { code: 'CUP-2', kind: 'amount', value: 2, discount: 2, label: '$2.00 off' } };

/** The stop's page with the code CUP-2 good for its drinks, and the checkout answering `complete`. */
const mockStop = (complete: Parameters<typeof mockFetch>[0][string]) =>
  mockFetch({ 'GET /api/user': nobody, [PICKUP]: { body: stopPickup() }, [CONFIG]: testConfig, [CHECK]: twoOff, [COMPLETE]: complete });

const add = (name: string, times = 1) => {
  fireEvent.click(screen.getByRole('button', { name: `Add ${name}` }));
  for (let i = 1; i < times; i += 1) fireEvent.click(screen.getByRole('button', { name: `Increase quantity of ${name}` }));
};

/** 2 Classic Hot Cocoa and a Peppermint Mocha ($14.25) for Ada, a 20 % tip, on to the payment, where the code CUP-2 is applied. */
async function orderWithCode() {
  renderWithProviders(<StopPage />, { route: '/stops/12', path: '/stops/:id' });
  await screen.findByRole('heading', { level: 1, name: 'Millennium Park' });
  add('Classic Hot Cocoa', 2);
  add('Peppermint Mocha');
  fill('Your name', 'Ada');
  fill('E-mail', 'ada@example.com');
  fireEvent.click(screen.getByRole('button', { name: '20% ($2.85)' }));
  fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
  await screen.findByLabelText('Card number');
  fill('Discount code', 'cup-2');
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
  await screen.findByText('$2.00 off', { exact: false });
}

async function payWithTestCard(amount: string) {
  fillIn({ 'Card holder': 'Ada Lovelace', 'Card number': '4111111111111111', 'Expiry (MM/YY)': '1230', CVC: '123' });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: `Pay ${amount}` })));
}

beforeEach(() => localStorage.clear());

describe('StopPage with a discount code', () => {
  it('takes the code off the subtotal before tax, keeps the tip a percentage of the subtotal before it, and sends the code', async () => {
    const answer = { orderId: '3f2a9c1e-0000-4000-8000-000000000002', paymentId: 'test_pay', testMode: true, orderPath: '/orders/x?token=tok' };
    const { calls } = mockStop({ body: answer });
    await orderWithCode();

    // The check prices the drinks with their options, for the buyer's e-mail (one use per customer).
    expect(calls.find((c) => c.url === '/api/checkout/discount')?.body).toEqual({
      code: 'CUP-2',
      email: 'ada@example.com',
      cartItems: [
        { productId: 1, quantity: 2, options: [] },
        { productId: 2, quantity: 1, options: [] },
      ],
    });
    expect(screen.getByRole('status')).toHaveTextContent('Discount code CUP-2: $2.00 off');
    // 14.25 - 2.00 = 12.25; tax 7 % = 0.86 (0.8575); the tip stays 20 % of 14.25 = 2.85; total 15.96
    expect(screen.getByTestId('pickup-subtotal')).toHaveTextContent('$14.25');
    expect(screen.getByTestId('pickup-discount')).toHaveTextContent('-$2.00');
    expect(screen.getByTestId('pickup-tax')).toHaveTextContent('$0.86');
    expect(screen.getByTestId('pickup-tip')).toHaveTextContent('$2.85');
    expect(screen.getByTestId('pickup-total')).toHaveTextContent('$15.96');
    await expectNoAxeViolations(document.body);

    await payWithTestCard('$15.96');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(answer.orderPath));
    expect(calls.find((c) => c.url === '/api/square/checkout/complete')?.body).toMatchObject({
      amount: 15.96,
      shippingCost: 0,
      taxAmount: 0.86,
      tipAmount: 2.85,
      discountCode: 'CUP-2',
    });
  });

  it('removing the code puts the totals back, and the payment goes without it', async () => {
    const { calls } = mockStop({
      body: { orderId: '3f2a9c1e-0000-4000-8000-000000000003', paymentId: 'test_pay', testMode: true, orderPath: '/orders/y?token=t' },
    });
    await orderWithCode();
    fireEvent.click(screen.getByRole('button', { name: 'Remove discount code CUP-2' }));
    expect(screen.queryByTestId('pickup-discount')).toBeNull();
    // 14.25 + tax 1.00 + tip 2.85
    expect(screen.getByTestId('pickup-total')).toHaveTextContent('$18.10');
    await payWithTestCard('$18.10');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/square/checkout/complete')).toBe(true));
    expect(calls.find((c) => c.url === '/api/square/checkout/complete')?.body).not.toHaveProperty('discountCode');
  });

  it('on a code refused by the checkout (expired meanwhile) stays on the payment with the sentence, charging nothing', async () => {
    const { calls } = mockStop({ status: 409, body: { statusCode: 409, message: 'This code has expired', code: 'DISCOUNT_EXPIRED' } });
    await orderWithCode();
    await payWithTestCard('$15.96');
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent === 'This code has expired')).toBe(true));
    expect(screen.getByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/stops/12');
    // Not a refusal of the time or the drinks: the stop's times are not asked again.
    expect(calls.filter((c) => c.url === '/api/stops/12/pickup')).toHaveLength(1);
  });
});
