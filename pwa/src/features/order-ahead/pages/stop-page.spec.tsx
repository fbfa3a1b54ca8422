import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CartLine } from '@cocoa/shared-types';
import { expectNoAxeViolations } from '../../../test/axe';
import { stopPickup } from '../../../test/fixtures';
import { fakeResponse, mockFetch, renderWithProviders, testQueryClient } from '../../../test/render';
import { useCartStore } from '../../cart';
import { stopPickupQueryOptions } from '../api/stop-pickup';
import StopPage from './stop-page';
import { fill, fillIn } from '../../../test/form';

const PICKUP = 'GET /api/stops/12/pickup';
const CONFIG = 'GET /api/square/web-payments/config';
const COMPLETE = 'POST /api/square/checkout/complete';
const nobody = { status: 401, body: { message: 'Please log in to continue' } };
const testConfig = { body: { testMode: true, paymentsAvailable: true, applicationId: null, locationId: null, environment: 'sandbox' } };

// The shop's clock is America/Chicago (CST, UTC-6, in November): 16:00Z is 10:00 AM there, whatever this computer's zone.
const SLOTS = stopPickup().slots;

const shopCart: CartLine[] = [{ id: 9, name: 'Cocoa Mug', price: 12, slug: 'cocoa-mug', quantity: 1 }];
const renderStop = (id = '12') => renderWithProviders(<StopPage />, { route: `/stops/${id}`, path: '/stops/:id' });
const add = (name: string, times = 1) => {
  fireEvent.click(screen.getByRole('button', { name: `Add ${name}` }));
  for (let i = 1; i < times; i += 1) fireEvent.click(screen.getByRole('button', { name: `Increase quantity of ${name}` }));
};

/** The payment step with the built-in test card that succeeds. */
async function payWithTestCard(amount: string) {
  await screen.findByLabelText('Card number');
  fillIn({ 'Card holder': 'Ada Lovelace', 'Card number': '4111111111111111', 'Expiry (MM/YY)': '1230', CVC: '123' });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: `Pay ${amount}` })));
}

/** One Classic Hot Cocoa for Ada (e-mail), on to the payment. */
async function orderOneCocoa() {
  await screen.findByRole('heading', { level: 1, name: 'Millennium Park' });
  add('Classic Hot Cocoa');
  fill('Your name', 'Ada');
  fill('E-mail', 'ada@example.com');
  fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
  await screen.findByRole('heading', { name: 'Payment' });
}

beforeEach(() => {
  localStorage.clear();
  useCartStore.setState({ lines: [...shopCart], count: 1, hydrated: true });
});

describe('StopPage (/stops/:id, order ahead)', () => {
  it('shows the stop on the shop’s clock, the menu (sold out marked, not orderable) and the times, the first free one chosen', async () => {
    mockFetch({ 'GET /api/user': nobody, [PICKUP]: { body: stopPickup() } });
    const { container } = renderStop();
    expect(await screen.findByRole('heading', { level: 1, name: 'Millennium Park' })).toBeInTheDocument();
    expect(screen.getByText(/^November 22, 2026 · 9:00 AM - 1:00 PM/)).toBeInTheDocument();
    expect(screen.getByText('201 E Randolph St, Chicago')).toBeInTheDocument();
    expect(screen.getByText(/apart from your shopping cart/)).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Add Classic Hot Cocoa' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Iced Mocha: sold out' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add Iced Mocha' })).toBeNull();

    const radios = within(screen.getByRole('group', { name: 'Pickup time' })).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      expect.stringMatching(/^10:00 AM( CST)?3 left$/),
      expect.stringMatching(/^10:15 AM( CST)?10 left$/),
      expect.stringMatching(/^10:30 AM( CST)?1 left$/),
    ]);
    expect(screen.getByRole('radio', { name: /^10:00 AM/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^10:00 AM/ })).toHaveAccessibleDescription('3 left');
    await expectNoAxeViolations(container);
  });

  it('offers the first time as “as soon as possible” while the cart serves there, with when it should be ready', async () => {
    // Serving now: ready about 10:05 on the shop's clock, in the 10:00 slot.
    mockFetch({ 'GET /api/user': nobody, [PICKUP]: { body: stopPickup({ asap: { slotStart: SLOTS[0].start, estimate: '2026-11-22T16:05:00.000Z' } }) } });
    renderStop();
    const soonest = await screen.findByRole('radio', { name: /^As soon as possible, about 10:05 AM/ });
    expect(soonest).toBeChecked();
    expect(screen.getByRole('radio', { name: /^10:15 AM/ })).not.toBeChecked();
  });

  it('counts the drinks with − and +, and the totals with tax and the tip: none, a percentage, or an amount typed (at most $100)', async () => {
    mockFetch({ 'GET /api/user': nobody, [PICKUP]: { body: stopPickup() } });
    renderStop();
    await screen.findByRole('heading', { level: 1, name: 'Millennium Park' });
    add('Classic Hot Cocoa', 3);
    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Classic Hot Cocoa' }));
    expect(screen.getByRole('group', { name: 'Quantity of Classic Hot Cocoa' })).toHaveTextContent('2');
    // 2 × 4.50 = 9.00; tax 7 % = 0.63
    expect(screen.getByTestId('pickup-subtotal')).toHaveTextContent('$9.00');
    expect(screen.getByTestId('pickup-tax')).toHaveTextContent('$0.63');
    expect(screen.getByTestId('pickup-tip')).toHaveTextContent('$0.00');
    expect(screen.getByTestId('pickup-total')).toHaveTextContent('$9.63');

    fireEvent.click(screen.getByRole('button', { name: '15% ($1.35)' }));
    expect(screen.getByRole('button', { name: '15% ($1.35)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('pickup-tip')).toHaveTextContent('$1.35');
    expect(screen.getByTestId('pickup-total')).toHaveTextContent('$10.98');

    add('Peppermint Mocha');
    // 9.00 + 5.25 = 14.25; tax 1.00 (0.9975); 15 % = 2.14 (2.1375)
    expect(screen.getByTestId('pickup-tip')).toHaveTextContent('$2.14');
    expect(screen.getByTestId('pickup-total')).toHaveTextContent('$17.39');

    fireEvent.click(screen.getByRole('button', { name: 'Other amount' }));
    fill('Tip in dollars (at most $100.00)', '2.5');
    expect(screen.getByTestId('pickup-tip')).toHaveTextContent('$2.50');
    expect(screen.getByTestId('pickup-total')).toHaveTextContent('$17.75');
    fill('Tip in dollars (at most $100.00)', '150');
    expect(screen.getByText('A tip can be at most $100.00')).toBeInTheDocument();
    expect(screen.getByTestId('pickup-tip')).toHaveTextContent('$0.00');

    fireEvent.click(screen.getByRole('button', { name: 'None' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Peppermint Mocha' }));
    expect(screen.getByTestId('pickup-total')).toHaveTextContent('$9.63');
  });

  it('fills a signed-in customer’s name and e-mail once known, without overwriting what was typed', async () => {
    let answer: (r: Response) => void = () => undefined;
    const user = new Promise<Response>((resolve) => (answer = resolve));
    mockFetch({ [PICKUP]: { body: stopPickup() } });
    const answered = global.fetch as jest.Mock;
    global.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) =>
      (typeof input === 'string' ? input : 'url' in input ? input.url : input.href).endsWith('/api/user') ? user : (answered(input, init) as Promise<Response>),
    ) as typeof fetch;
    renderStop();
    const email = await screen.findByLabelText('E-mail');
    fireEvent.change(email, { target: { value: 'typed@example.com' } });
    answer(fakeResponse(200, { id: 1, username: 'jane', email: 'j@example.com', firstName: 'Jane', lastName: null, isAdmin: false }));
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveValue('Jane'));
    expect(email).toHaveValue('typed@example.com');
  });

  it('asks for a drink, a name, and an e-mail or a phone before the payment', async () => {
    const { calls } = mockFetch({ 'GET /api/user': nobody, [PICKUP]: { body: stopPickup() }, [CONFIG]: testConfig });
    renderStop();
    await screen.findByRole('heading', { level: 1, name: 'Millennium Park' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Add at least one drink to order.')).toBeInTheDocument();
    expect(await screen.findByText('Your name is required')).toBeInTheDocument();
    expect(screen.getByText('Give an e-mail or a phone number so we can tell you it is ready')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment' })).toBeNull();
    expect(calls.some((c) => c.url === '/api/square/web-payments/config')).toBe(false);
  });

  it('pays with the test card: the pickup body (no shipping, the tip apart), the shop’s cart untouched, then the order’s page', async () => {
    const answer = {
      orderId: '3f2a9c1e-0000-4000-8000-000000000001',
      paymentId: 'test_pay',
      testMode: true,
      orderPath: '/orders/3f2a9c1e-0000-4000-8000-000000000001?token=tok',
    };
    const { calls } = mockFetch({ 'GET /api/user': nobody, [PICKUP]: { body: stopPickup() }, [CONFIG]: testConfig, [COMPLETE]: { body: answer } });
    const { container } = renderStop();
    await screen.findByRole('heading', { level: 1, name: 'Millennium Park' });
    add('Classic Hot Cocoa', 2);
    add('Peppermint Mocha');
    fireEvent.click(screen.getByRole('radio', { name: /^10:15 AM/ }));
    fill('Your name', ' Ada ');
    fill('Phone', '(217) 555-0142');
    fireEvent.click(screen.getByRole('button', { name: '10% ($1.43)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));

    expect(await screen.findByRole('heading', { name: 'Payment' })).toHaveFocus();
    expect(screen.getByText(/^Pickup at/)).toHaveTextContent(/Pickup at 10:15 AM( CST)? at Millennium Park, for\s+Ada/);
    await screen.findByLabelText('Card number');
    await expectNoAxeViolations(container);
    // 14.25 + tax 1.00 + tip 1.43 = 16.68
    await payWithTestCard('$16.68');

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(answer.orderPath));
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>;
    expect(body).toEqual({
      sourceId: 'cnon:card-nonce-ok',
      amount: 16.68,
      shippingCost: 0,
      taxAmount: 1,
      tipAmount: 1.43,
      cartItems: [
        { productId: 1, quantity: 2, name: 'Classic Hot Cocoa', options: [] },
        { productId: 2, quantity: 1, name: 'Peppermint Mocha', options: [] },
      ],
      idempotencyKey: expect.stringMatching(/^chk_[0-9a-f]{32}$/),
      pickup: { stopId: 12, slotStart: '2026-11-22T16:15:00.000Z', name: 'Ada', phone: '(217) 555-0142' },
    });
    expect(body).not.toHaveProperty('shippingData');
    expect(useCartStore.getState().lines).toEqual(shopCart);
    // Found again from the stop's page.
    expect(JSON.parse(localStorage.getItem('cocoa.pickup-orders') ?? '{}')).toEqual({ 12: answer.orderPath });
  });

  it('on a refused time (409) shows the server’s sentence, asks for the times again and chooses the first free one', async () => {
    let asked = 0;
    const { calls } = mockFetch({
      'GET /api/user': nobody,
      [PICKUP]: async () => fakeResponse(200, asked++ === 0 ? stopPickup() : stopPickup({ slots: [SLOTS[1], SLOTS[2]] })),
      [CONFIG]: testConfig,
      [COMPLETE]: { status: 409, body: { statusCode: 409, message: 'That pickup time just filled up. Please pick another.', code: 'SLOT_FULL' } },
    });
    renderStop();
    await orderOneCocoa();
    await payWithTestCard('$4.82');

    const pickupTime = await screen.findByRole('group', { name: 'Pickup time' });
    expect(within(pickupTime).getByRole('alert')).toHaveTextContent('That pickup time just filled up. Please pick another.');
    await waitFor(() => expect(within(pickupTime).getAllByRole('radio')).toHaveLength(2));
    expect(screen.getByRole('radio', { name: /^10:15 AM/ })).toBeChecked();
    expect(calls.filter((c) => c.url === '/api/stops/12/pickup')).toHaveLength(2);
    // What was typed is still there.
    expect(screen.getByLabelText('Your name')).toHaveValue('Ada');
    expect(screen.getByRole('group', { name: 'Quantity of Classic Hot Cocoa' })).toHaveTextContent('1');
  });

  it('on a drink refused (409, no longer made at the cart) says so by the menu, whose fresh copy marks it', async () => {
    let asked = 0;
    const soldOut = stopPickup().menu.map((item) => (item.productId === 1 ? { ...item, soldOut: true } : item));
    mockFetch({
      'GET /api/user': nobody,
      [PICKUP]: async () => fakeResponse(200, asked++ === 0 ? stopPickup() : stopPickup({ menu: soldOut })),
      [CONFIG]: testConfig,
      [COMPLETE]: {
        status: 409,
        body: { statusCode: 409, message: 'Classic Hot Cocoa is out of stock. Please remove it from your cart.', code: 'OUT_OF_STOCK' },
      },
    });
    renderStop();
    await orderOneCocoa();
    await payWithTestCard('$4.82');

    const menu = await screen.findByRole('region', { name: 'Menu' });
    expect(within(menu).getByRole('alert')).toHaveTextContent('Classic Hot Cocoa is out of stock.');
    expect(await within(menu).findByRole('button', { name: 'Classic Hot Cocoa: sold out' })).toBeDisabled();
    expect(within(screen.getByRole('group', { name: 'Pickup time' })).queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('pickup-total')).toHaveTextContent('$0.00');
  });

  it('shows only the reason when the stop takes no orders now (and the order placed here before)', async () => {
    const reason = 'We are not taking orders ahead right now. Come and see us at the cart!';
    localStorage.setItem('cocoa.pickup-orders', JSON.stringify({ 12: '/orders/3f2a9c1e?token=tok' }));
    mockFetch({ 'GET /api/user': nobody, [PICKUP]: { body: stopPickup({ open: false, reason, slots: [] }) } });
    const { container } = renderStop();
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Not taking orders ahead' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Your order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).toBeNull();
    // An order placed here before, found again (a guest has no order list).
    expect(screen.getByRole('link', { name: 'See your order' })).toHaveAttribute('href', '/orders/3f2a9c1e?token=tok');
    await expectNoAxeViolations(container);
  });

  it('says “Stop Not Found” for no such stop (404), and without asking for a path that is no stop id', async () => {
    mockFetch({ 'GET /api/user': nobody, [PICKUP]: { status: 404, body: { message: 'Stop not found' } } });
    const first = renderStop();
    expect(await screen.findByRole('heading', { name: 'Stop Not Found' })).toBeInTheDocument();
    first.unmount();

    const { calls } = mockFetch({ 'GET /api/user': nobody });
    renderStop('abc');
    expect(screen.getByRole('heading', { name: 'Stop Not Found' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/stops/'))).toBe(false);
  });

  it('says it is offline when the stop was never loaded on this device', async () => {
    const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockFetch({ 'GET /api/user': nobody, [PICKUP]: () => Promise.reject(new TypeError('Failed to fetch')) });
    renderStop();
    expect(await screen.findByRole('heading', { name: "You're offline" })).toBeInTheDocument();
    expect(screen.getByText(/not saved on this device yet/)).toBeInTheDocument();
    online.mockRestore();
  });

  it('offline, shows the copy this device kept and says the times may have changed', async () => {
    const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockFetch({ 'GET /api/user': nobody, [PICKUP]: () => Promise.reject(new TypeError('Failed to fetch')) });
    const client = testQueryClient();
    client.setQueryData(stopPickupQueryOptions('12').queryKey, stopPickup());
    renderWithProviders(<StopPage />, { route: '/stops/12', path: '/stops/:id', client });
    expect(await screen.findByText(/You're offline: the menu and times shown may have changed/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Millennium Park' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Classic Hot Cocoa' })).toBeInTheDocument();
    online.mockRestore();
  });
});
