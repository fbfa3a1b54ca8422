import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MONEY_SETTINGS_DEFAULTS, TEST_CARD_NONCE_DECLINED, TEST_CARD_NONCE_OK } from '@cocoa/shared-types';
import { fakeResponse, mockFetch, renderWithProviders, testQueryClient, renderWithToasts } from '../../../test/render';
import { webPaymentsConfigQueryOptions } from '../../payment/api/web-payments-config';
import { CONFIG, COMPLETE, fill, fillCard, lines, shipping, testConfig } from '../test/payment-step';
import { PaymentStep } from './payment-step';

function deferred() {
  let resolve!: (r: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

function renderStep() {
  const onSuccess = jest.fn();
  const onCancel = jest.fn();
  renderWithToasts(<PaymentStep lines={lines} shipping={shipping} settings={MONEY_SETTINGS_DEFAULTS} onSuccess={onSuccess} onCancel={onCancel} />);
  return { onSuccess, onCancel };
}

describe('PaymentStep', () => {
  it("shows 'Loading payment form...' until the card form is ready, then the marked test form and 'Pay $49.30'", async () => {
    let answer!: () => void;
    mockFetch({ [CONFIG]: () => new Promise<Response>((resolve) => (answer = () => resolve(fakeResponse(200, testConfig.body)))) });
    renderStep();
    expect(screen.getAllByText('Loading payment form...').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Pay $49.30' })).toBeDisabled();
    await act(async () => answer());
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(screen.getByText('TEST MODE')).toBeInTheDocument();
    expect(screen.getByLabelText('Expiry (MM/YY)')).toBeInTheDocument();
    expect(screen.getByLabelText('CVC')).toBeInTheDocument();
    expect(screen.queryByText('Loading payment form...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $49.30' })).toBeEnabled();
  });

  it('validates the card with the card schema before paying', async () => {
    const { calls } = mockFetch({ [CONFIG]: testConfig });
    renderStep();
    await screen.findByLabelText('Card number');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $49.30' }));
    expect(await screen.findByText('Card number must be 16 digits')).toBeInTheDocument();
    expect(screen.getByText('CVC must be 3 digits')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses a past expiry date before paying', async () => {
    const { calls } = mockFetch({ [CONFIG]: testConfig });
    renderStep();
    await screen.findByLabelText('Card number');
    fillCard('4111111111111111');
    fill('Expiry (MM/YY)', '0120');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('01/20');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $49.30' }));
    expect(await screen.findByText('Card has expired')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("says 'Payments are not set up yet' and offers no card form while the shop takes no payments", async () => {
    const { calls } = mockFetch({
      [CONFIG]: { body: { testMode: false, paymentsAvailable: false, applicationId: null, locationId: null, environment: 'production' } },
    });
    renderStep();
    expect(await screen.findByText('Payments are not set up yet. Please try again later.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading payment form...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $49.30' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("pays with the server's totals in dollars; 'Processing...' and Cancel disabled meanwhile; a double click makes one call", async () => {
    const pending = deferred();
    const { calls } = mockFetch({ [CONFIG]: testConfig, [COMPLETE]: () => pending.promise });
    const { onSuccess, onCancel } = renderStep();
    await screen.findByLabelText('Card number');
    fillCard('4111111111111111');
    expect(screen.getByLabelText('Card number')).toHaveValue('4111 1111 1111 1111');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $49.30' }));
    fireEvent.click(screen.getByRole('button', { name: /^Pay \$|Processing/ }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).not.toHaveBeenCalled();

    await act(async () => pending.resolve(fakeResponse(200, { orderId: 'order-1', paymentId: 'pay-1', testMode: true })));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ orderId: 'order-1', paymentId: 'pay-1', testMode: true }));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({
      sourceId: TEST_CARD_NONCE_OK,
      amount: 49.3,
      shippingCost: 5.99,
      taxAmount: 2.83,
      shippingData: shipping,
      cartItems: [
        { id: 1, quantity: 2 },
        { id: 2, quantity: 1 },
      ],
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,45}$/),
    });
  });

  it("a declined card toasts 'Payment Failed' with the server message and allows a retry with a new key", async () => {
    const { calls } = mockFetch({ [CONFIG]: testConfig, [COMPLETE]: { status: 402, body: { message: 'Card declined', code: 'CARD_DECLINED' } } });
    const { onSuccess } = renderStep();
    await screen.findByLabelText('Card number');
    fillCard('4000 0000 0000 0002');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $49.30' }));
    await waitFor(() => expect(screen.getByText('Payment Failed')).toBeInTheDocument());
    expect(screen.getAllByText('Card declined').length).toBeGreaterThan(0);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ sourceId: TEST_CARD_NONCE_DECLINED });

    expect(screen.getByRole('button', { name: 'Pay $49.30' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $49.30' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const [first, second] = calls.filter((c) => c.method === 'POST').map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(second).not.toBe(first);
  });

  it('shows the 409 of a product that ran out (another buyer was faster) next to the Pay button and in a toast', async () => {
    const message = 'Only 1 left of Classic Hot Cocoa. Please lower the quantity in your cart.';
    mockFetch({ [CONFIG]: testConfig, [COMPLETE]: { status: 409, body: { message, code: 'NOT_ENOUGH_STOCK' } } });
    const { onSuccess } = renderStep();
    await screen.findByLabelText('Card number');
    fillCard('4111 1111 1111 1111');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $49.30' }));
    await waitFor(() => expect(screen.getByText('Payment Failed')).toBeInTheDocument());
    expect(screen.getAllByRole('alert').some((alert) => alert.textContent === message)).toBe(true);
    expect(screen.getAllByText(message)).toHaveLength(2); // beside the button and in the toast
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("an unknown card number fails with 'Card tokenization failed' and never reaches the server", async () => {
    const { calls } = mockFetch({ [CONFIG]: testConfig });
    renderStep();
    await screen.findByLabelText('Card number');
    fillCard('5555 5555 5555 4444');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $49.30' }));
    await waitFor(() => expect(screen.getByText('Payment Failed')).toBeInTheDocument());
    expect(screen.getAllByText('Card tokenization failed').length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('keeps the idempotency key when no answer came back (network error), so the retry cannot charge twice', async () => {
    let attempt = 0;
    const { calls } = mockFetch({
      [CONFIG]: testConfig,
      [COMPLETE]: async () => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch');
        return fakeResponse(200, { orderId: 'order-1', paymentId: 'pay-1', testMode: true });
      },
    });
    const { onSuccess } = renderStep();
    await screen.findByLabelText('Card number');
    fillCard('4111 1111 1111 1111');
    fireEvent.click(screen.getByRole('button', { name: 'Pay $49.30' }));
    await waitFor(() => expect(screen.getByText('Payment Failed')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Pay $49.30' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const keys = calls.filter((c) => c.method === 'POST').map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it("the config call failing shows 'Failed to initialize payment system'", async () => {
    mockFetch({ [CONFIG]: { status: 500, body: { message: 'boom' } } });
    renderStep();
    expect(await screen.findByText('Failed to initialize payment system')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $49.30' })).toBeDisabled();
  });

  it('Cancel returns to the shipping step when not processing', async () => {
    mockFetch({ [CONFIG]: testConfig });
    const { onCancel } = renderStep();
    await screen.findByLabelText('Card number');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('PaymentStep with Square connected', () => {
  const squareConfig = { body: { testMode: false, applicationId: 'sq0idp-app', locationId: 'LOC1', environment: 'sandbox' } };
  afterEach(() => {
    delete window.Square;
  });

  function fakeSquare(tokenize: () => Promise<{ status: string; token?: string }>) {
    const attach = jest.fn(async () => undefined);
    const payments = jest.fn(() => ({ card: async () => ({ attach, tokenize, destroy: async () => true }) }));
    window.Square = { payments };
    return { attach, payments };
  }

  it("attaches Square's card field, then pays with Square's token", async () => {
    const { attach, payments } = fakeSquare(async () => ({ status: 'OK', token: 'cnon:from-square' }));
    const { calls } = mockFetch({ [CONFIG]: squareConfig, [COMPLETE]: { body: { orderId: 'o-9', paymentId: 'sq-pay', testMode: false } } });
    const { onSuccess } = renderStep();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $49.30' })).toBeEnabled());
    expect(payments).toHaveBeenCalledWith('sq0idp-app', 'LOC1');
    expect(attach).toHaveBeenCalled();
    expect(screen.queryByText('TEST MODE')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $49.30' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ orderId: 'o-9', paymentId: 'sq-pay', testMode: false }));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ sourceId: 'cnon:from-square' });
  });

  it("a token whose status is not OK is 'Card tokenization failed'", async () => {
    fakeSquare(async () => ({ status: 'Invalid' }));
    const { calls } = mockFetch({ [CONFIG]: squareConfig });
    renderStep();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $49.30' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Pay $49.30' }));
    await waitFor(() => expect(screen.getByText('Payment Failed')).toBeInTheDocument());
    expect(screen.getAllByText('Card tokenization failed').length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("a card field that cannot attach shows 'Payment Error' and stops loading", async () => {
    window.Square = {
      payments: () => ({
        card: async () => ({ attach: async () => Promise.reject(new Error('x')), tokenize: async () => ({ status: 'OK' }), destroy: async () => true }),
      }),
    };
    mockFetch({ [CONFIG]: squareConfig });
    renderStep();
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to initialize card payment').length).toBeGreaterThan(0);
    expect(screen.queryByText('Loading payment form...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $49.30' })).toBeDisabled();
  });

  it('never shows the test form from a remembered test-mode config once Square is connected', async () => {
    fakeSquare(async () => ({ status: 'OK', token: 'cnon:from-square' }));
    mockFetch({ [CONFIG]: squareConfig });
    const client = testQueryClient();
    client.setQueryData(webPaymentsConfigQueryOptions.queryKey, testConfig.body as never);
    renderWithProviders(<PaymentStep lines={lines} shipping={shipping} settings={MONEY_SETTINGS_DEFAULTS} onSuccess={jest.fn()} onCancel={jest.fn()} />, {
      client,
    });
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.getAllByText('Loading payment form...').length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $49.30' })).toBeEnabled());
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(document.getElementById('square-card-container')).toBeInTheDocument();
  });
});
