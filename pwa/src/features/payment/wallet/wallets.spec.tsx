import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { TEST_WALLET_NONCE } from '@cocoa/shared-types';
import { expectNoAxeViolations } from '../../../test/axe';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { CardPayment, type CardPaymentAttempt } from '../components/card-payment';
import type { SquareCashAppPay } from '../card/square-sdk';

const CONFIG = 'GET /api/square/web-payments/config';
const testConfig = { body: { testMode: true, paymentsAvailable: true, applicationId: null, locationId: null, environment: 'sandbox' } };
const squareConfig = { body: { testMode: false, paymentsAvailable: true, applicationId: 'sq0idp-app', locationId: 'LOC1', environment: 'sandbox' } };

function renderPayment() {
  const submit = jest.fn(async (attempt: CardPaymentAttempt) => ({ paid: attempt.sourceId }));
  const onSuccess = jest.fn();
  const view = renderWithProviders(<CardPayment amountCents={4930} submit={submit} onSuccess={onSuccess} onCancel={jest.fn()} />);
  return { submit, onSuccess, view };
}

describe('the wallets in test mode', () => {
  it('“Pay with test wallet” pays with the test wallet token, no card fields filled', async () => {
    mockFetch({ [CONFIG]: testConfig });
    const { submit, onSuccess, view } = renderPayment();
    const wallet = await screen.findByRole('button', { name: 'Pay with test wallet' });
    await expectNoAxeViolations(view.container);
    expect(screen.getByLabelText('Card number')).toHaveValue('');
    fireEvent.click(wallet);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ paid: TEST_WALLET_NONCE }));
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit.mock.calls[0][0]).toEqual({ sourceId: TEST_WALLET_NONCE, idempotencyKey: expect.stringMatching(/^chk_[0-9a-f]{32}$/) });
    // Only the test wallet: no real wallet is offered in test mode.
    expect(screen.queryByRole('button', { name: 'Pay with Apple Pay' })).not.toBeInTheDocument();
  });
});

describe('the wallets with Square connected', () => {
  /** Square's SDK as a stand-in: the card, and each wallet as the test says the device offers it. */
  function fakeSquare({ googleAttach, cashAppAttach }: { googleAttach: () => Promise<void>; cashAppAttach: () => Promise<void> }) {
    const paymentRequest = jest.fn((options: unknown) => ({ options }));
    const applePay = { tokenize: jest.fn(async () => ({ status: 'OK', token: 'wnon:apple' })), destroy: jest.fn(async () => true) };
    const googlePay = {
      attach: jest.fn(googleAttach),
      tokenize: jest.fn(async () => ({ status: 'OK', token: 'wnon:google' })),
      destroy: jest.fn(async () => true),
    };
    let onTokenization: Parameters<SquareCashAppPay['addEventListener']>[1] | undefined;
    const cashAppPay = {
      attach: jest.fn(cashAppAttach),
      addEventListener: jest.fn((_type: string, listener: typeof onTokenization) => (onTokenization = listener)),
      destroy: jest.fn(async () => true),
    };
    const card = { attach: jest.fn(async () => undefined), tokenize: async () => ({ status: 'OK', token: 'cnon:card' }), destroy: async () => true };
    window.Square = {
      payments: () => ({
        card: async () => card,
        paymentRequest,
        applePay: jest.fn(async () => applePay),
        googlePay: jest.fn(async () => googlePay),
        cashAppPay: jest.fn(async () => cashAppPay),
      }),
    };
    const cashAppTokenized = (token: string) =>
      act(() => onTokenization?.(new CustomEvent('ontokenization', { detail: { tokenResult: { status: 'OK', token } } })));
    return { paymentRequest, applePay, googlePay, cashAppPay, cashAppTokenized };
  }
  const notOffered = async () => Promise.reject(new Error('PaymentMethodUnsupportedError'));
  const cardReady = () => waitFor(() => expect(screen.getByRole('button', { name: 'Pay $49.30' })).toBeEnabled());

  afterEach(() => {
    delete window.Square;
    delete window.ApplePaySession;
  });

  // Apple Pay only where ApplePaySession says the device can pay; the others where the SDK's attach succeeds.
  it.each([
    ['no ApplePaySession', undefined],
    ['an ApplePaySession saying the device cannot pay', { canMakePayments: () => false }],
  ])('shows no wallet where the device offers none: %s, and the SDK’s attach throws', async (_, session) => {
    if (session) window.ApplePaySession = session;
    const square = fakeSquare({ googleAttach: notOffered, cashAppAttach: notOffered });
    mockFetch({ [CONFIG]: squareConfig });
    renderPayment();
    await cardReady();
    await waitFor(() => expect(square.cashAppPay.attach).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Pay with Apple Pay' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Pay with Google Pay' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Pay with Cash App Pay' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Pay with a wallet' })).not.toBeInTheDocument();
  });

  it('shows the wallets the device offers, each paying with its own token through the same submit', async () => {
    window.ApplePaySession = { canMakePayments: () => true };
    const square = fakeSquare({ googleAttach: async () => undefined, cashAppAttach: async () => undefined });
    mockFetch({ [CONFIG]: squareConfig });
    const { submit, onSuccess, view } = renderPayment();
    const apple = await screen.findByRole('button', { name: 'Pay with Apple Pay' });
    const google = await screen.findByRole('group', { name: 'Pay with Google Pay' });
    await screen.findByRole('group', { name: 'Pay with Cash App Pay' });
    await cardReady();
    await expectNoAxeViolations(view.container);
    // The wallet's sheet shows the amount the Pay button says.
    expect(square.paymentRequest).toHaveBeenCalledWith({ countryCode: 'US', currencyCode: 'USD', total: { amount: '49.30', label: 'Total' } });

    fireEvent.click(apple);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ paid: 'wnon:apple' }));

    // Google's own button is drawn inside the group; its click bubbles to the group.
    const googleButton = document.createElement('button');
    googleButton.textContent = 'Buy with GPay';
    google.appendChild(googleButton);
    fireEvent.click(googleButton);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ paid: 'wnon:google' }));

    square.cashAppTokenized('wnon:cash-app');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ paid: 'wnon:cash-app' }));
    expect(submit.mock.calls.map(([attempt]) => attempt.sourceId)).toEqual(['wnon:apple', 'wnon:google', 'wnon:cash-app']);
  });

  it('a wallet sheet the buyer closes pays nothing and shows no error', async () => {
    window.ApplePaySession = { canMakePayments: () => true };
    const square = fakeSquare({ googleAttach: notOffered, cashAppAttach: notOffered });
    square.applePay.tokenize.mockResolvedValueOnce({ status: 'Cancel', token: undefined as unknown as string });
    mockFetch({ [CONFIG]: squareConfig });
    const { submit } = renderPayment();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay with Apple Pay' }));
    await waitFor(() => expect(square.applePay.tokenize).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay with Apple Pay' })).toBeEnabled());
    expect(submit).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
