import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type BookingView, TEST_CARD_NONCE_OK } from '@cocoa/shared-types';
import { fakeResponse, mockFetch, renderWithToasts } from '../../../test/render';
import BookingStatusPage from './booking-status-page';
import { bookingContact, bookingParty } from '../../../test/fixtures';

const POLICY =
  'Cancel 14 or more days before your event and we refund your deposit in full. After that the deposit is kept. Anything paid beyond the deposit is always refunded.';

function view(overrides: Partial<BookingView> = {}): BookingView {
  return {
    reference: 'CB-7K3Q',
    state: 'awaiting_deposit',
    package: { id: 2, name: 'Iced & Shake Bar' },
    date: '2027-06-19',
    timeZone: 'America/Chicago',
    ...bookingParty,
    ...bookingContact,
    notes: 'Outdoor, near the river',
    quoteCents: 60000,
    depositPercent: 25,
    depositCents: 15000,
    balanceCents: 45000,
    depositPaidCents: 0,
    balancePaidCents: 0,
    refundedCents: 0,
    balanceDueDate: '2027-06-05',
    preorderPath: null,
    amountDue: { kind: 'deposit', amountCents: 15000 },
    cancellation: { allowed: true, refundCents: 0, policy: POLICY },
    message: 'A round $600 for the shakes: see you by the river!',
    history: [
      { state: 'requested', at: '2027-05-01T15:00:00.000Z' },
      { state: 'awaiting_deposit', at: '2027-05-02T16:30:00.000Z' },
    ],
    testMode: false,
    createdAt: '2027-05-01T15:00:00.000Z',
    ...overrides,
  };
}

const confirmed = (overrides: Partial<BookingView> = {}) =>
  view({
    state: 'confirmed',
    depositPaidCents: 15000,
    amountDue: null,
    testMode: true,
    cancellation: { allowed: true, refundCents: 15000, policy: POLICY },
    history: [...view().history, { state: 'confirmed', at: '2027-05-03T10:00:00.000Z' }],
    ...overrides,
  });

const GET = 'GET /api/bookings/CB-7K3Q?token=tok';
const CONFIG = { body: { testMode: true, paymentsAvailable: true, applicationId: null, locationId: null, environment: 'sandbox' } };
const renderPage = (route = '/bookings/CB-7K3Q?token=tok') => renderWithToasts(<BookingStatusPage />, { route, path: '/bookings/:reference' });
const card = (label: string) => within(screen.getByRole('form', { name: 'Payment' })).getByLabelText(label, { exact: true });

/** Opens the deposit's payment step and pays with Robin's card on the test-mode form. */
async function payDepositByTestCard() {
  fireEvent.click(await screen.findByRole('button', { name: 'Pay deposit ($150.00)' }));
  await screen.findByText('TEST MODE');
  fireEvent.change(card('Card holder'), { target: { value: 'Robin Park' } });
  fireEvent.change(card('Card number'), { target: { value: '4111111111111111' } });
  fireEvent.change(card('Expiry (MM/YY)'), { target: { value: '1230' } });
  fireEvent.change(card('CVC'), { target: { value: '123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Pay $150.00' }));
}

describe('BookingStatusPage', () => {
  it("opens with the link's token: the state in words, the owner's note, the event, the quote and the history", async () => {
    mockFetch({ [GET]: { body: view() }, 'GET /api/user': { status: 401, body: { message: 'Unauthorized' } } });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking CB-7K3Q' })).toBeInTheDocument();
    expect(screen.getByText('Awaiting deposit', { selector: '.booking-state' })).toBeInTheDocument();
    expect(screen.getByText('Your quote is ready. Pay the deposit of $150.00 to confirm Saturday, June 19, 2027.')).toBeInTheDocument();
    expect(screen.getByText('A round $600 for the shakes: see you by the river!')).toBeInTheDocument();
    const price = screen.getByRole('region', { name: 'Price' });
    expect(within(price).getByText('Quote').nextSibling).toHaveTextContent('$600.00');
    expect(within(price).getByText('Deposit (25%)').nextSibling).toHaveTextContent('$150.00');
    expect(within(price).getByText('Balance').nextSibling).toHaveTextContent('$450.00 due Saturday, June 5, 2027');
    const history = within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem');
    expect(history.map((li) => li.firstChild?.textContent)).toEqual(['Requested', 'Awaiting deposit']);
  });

  it("pays the deposit with the checkout's payment step: the server's amount, the booking's endpoint with the token, then 'Confirmed'", async () => {
    const { calls } = mockFetch({
      [GET]: { body: view() },
      'GET /api/user': { status: 401, body: {} },
      'GET /api/square/web-payments/config': CONFIG,
      'POST /api/bookings/CB-7K3Q/payments?token=tok': { body: { paymentId: 'pay-1', amountCents: 15000, testMode: true, booking: confirmed() } },
    });
    renderPage();
    await payDepositByTestCard();

    expect(await screen.findByText('Confirmed', { selector: '.booking-state' })).toBeInTheDocument();
    expect(screen.getByText('Payment Successful')).toBeInTheDocument();
    expect(screen.getByText('Your booking is confirmed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay deposit/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Price' })).getByText('Paid').nextSibling).toHaveTextContent('$150.00');
    expect(screen.getByRole('heading', { level: 1, name: 'Booking CB-7K3Q' })).toHaveFocus();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    // nothing about the amount comes from the page: the kind, the card's token and one key per attempt
    expect(posts[0].body).toEqual({ kind: 'deposit', sourceId: TEST_CARD_NONCE_OK, idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,45}$/) });
  });

  it("shows a declined card's message and lets the customer try again", async () => {
    let attempt = 0;
    const { calls } = mockFetch({
      [GET]: { body: view() },
      'GET /api/user': { status: 401, body: {} },
      'GET /api/square/web-payments/config': CONFIG,
      'POST /api/bookings/CB-7K3Q/payments?token=tok': async () =>
        ++attempt === 1
          ? fakeResponse(402, { message: 'Your card was declined.' })
          : fakeResponse(200, { paymentId: 'pay-2', amountCents: 15000, testMode: true, booking: confirmed() }),
    });
    renderPage();
    await payDepositByTestCard();
    expect(await within(screen.getByRole('form', { name: 'Payment' })).findByText('Your card was declined.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $150.00' }));
    expect(await screen.findByText('Confirmed', { selector: '.booking-state' })).toBeInTheDocument();
    const keys = calls.filter((c) => c.method === 'POST').map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    // a refused attempt is over: the retry is a new payment attempt
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('cancels after a confirmation that shows the policy and the refund; the page then shows the refund', async () => {
    const cancelled = confirmed({
      state: 'cancelled',
      refundedCents: 15000,
      cancellation: { allowed: false, refundCents: 0, policy: POLICY },
      history: [...confirmed().history, { state: 'cancelled', at: '2027-05-10T10:00:00.000Z' }],
    });
    const { calls } = mockFetch({
      [GET]: { body: confirmed() },
      'GET /api/user': { status: 401, body: {} },
      'POST /api/bookings/CB-7K3Q/cancel?token=tok': { body: { refundCents: 15000, booking: cancelled } },
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Cancellation' });
    expect(within(section).getByText(POLICY)).toBeInTheDocument();
    fireEvent.click(within(section).getByRole('button', { name: 'Cancel booking' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Cancel booking CB-7K3Q?' });
    expect(dialog).toHaveAccessibleDescription(`${POLICY} You would get back everything you paid: $150.00.`);
    expect(within(dialog).getByRole('button', { name: 'Keep booking' })).toHaveFocus();
    // Escape keeps the booking
    act(() => void fireEvent.keyDown(window, { key: 'Escape' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(within(section).getByRole('button', { name: 'Cancel booking' }));
    const again = screen.getByRole('alertdialog', { name: 'Cancel booking CB-7K3Q?' });
    fireEvent.change(within(again).getByLabelText('Reason (optional)'), { target: { value: 'The party moved indoors' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel booking' }));

    expect(await screen.findByText('Cancelled', { selector: '.booking-state' })).toBeInTheDocument();
    expect(screen.getByText('This booking was cancelled. $150.00 has been refunded.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Price' })).getByText('Refunded').nextSibling).toHaveTextContent('$150.00');
    expect(screen.queryByRole('region', { name: 'Cancellation' })).not.toBeInTheDocument();
    expect(screen.getByText('$150.00 will be refunded to your card.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ reason: 'The party moved indoors' }]);
  });

  it('gives the guests’ pre-order link while the event’s stop takes orders ahead, and none otherwise', async () => {
    mockFetch({ [GET]: { body: confirmed({ preorderPath: '/stops/41' }) }, 'GET /api/user': { status: 401, body: { message: 'Unauthorized' } } });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Pre-orders for your guests' });
    expect(within(section).getByRole('link', { name: `${window.location.origin}/stops/41` })).toHaveAttribute('href', '/stops/41');
  });

  it('shows no pre-order link when the stop does not take orders', async () => {
    mockFetch({ [GET]: { body: confirmed() }, 'GET /api/user': { status: 401, body: { message: 'Unauthorized' } } });
    renderPage();
    await screen.findByRole('heading', { name: 'Your event' });
    expect(screen.queryByRole('region', { name: 'Pre-orders for your guests' })).toBeNull();
  });

  it('says what the policy keeps when the deposit is not refunded', async () => {
    mockFetch({ [GET]: { body: confirmed({ cancellation: { allowed: true, refundCents: 0, policy: POLICY } }) }, 'GET /api/user': { status: 401, body: {} } });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Under this policy your deposit of $150.00 is kept: nothing would be refunded.');
  });

  it('sends a visitor without a token to sign in, and says "Booking not found" for a link that does not open it', async () => {
    mockFetch({ 'GET /api/user': { status: 401, body: {} } });
    const { unmount } = renderPage('/bookings/CB-7K3Q');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth?redirect=%2Fbookings%2FCB-7K3Q'));
    unmount();

    mockFetch({ 'GET /api/user': { status: 401, body: {} }, 'GET /api/bookings/CB-7K3Q?token=wrong': { status: 404, body: { message: 'Booking not found' } } });
    renderPage('/bookings/CB-7K3Q?token=wrong');
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth?redirect=%2Fbookings%2FCB-7K3Q');
  });

  it('opens for its signed-in customer without a token', async () => {
    mockFetch({
      'GET /api/user': { body: { id: 7, username: 'robin', email: 'robin@example.com', firstName: 'Robin', lastName: 'Park', isAdmin: false } },
      'GET /api/bookings/CB-7K3Q': { body: view({ state: 'requested', amountDue: null }) },
    });
    renderPage('/bookings/CB-7K3Q');
    expect(await screen.findByText('Requested', { selector: '.booking-state' })).toBeInTheDocument();
    expect(screen.getByText('We have your request and will e-mail you our quote. The estimate below is not a charge.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Price' })).getByText('Estimate')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your bookings' })).toHaveAttribute('href', '/account');
  });
});
