import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clear, get } from 'idb-keyval';
import { addMonths, type BookingAvailability, dayKey, shiftDay } from '@cocoa/shared-types';
import { fakeResponse, mockFetch, renderWithProviders } from '../../../test/render';
import { bookingContact, bookingPackages, bookingParty } from '../../../test/fixtures';
import { useBookingOutbox } from '../outbox/booking-outbox';
import { startOutboxSync } from '../../../lib/outbox';
import { BookingSection } from './booking-section';

/** Two of the packages the shop seeds (api/src/bookings/bookings.constants.ts). */
const PACKAGES = bookingPackages;

// The shop's today is the test machine's; the day booked is the 20th of next month (at least 20 days away).
const TODAY = dayKey(new Date());
const THIS_MONTH = TODAY.slice(0, 7);
const NEXT_MONTH = addMonths(THIS_MONTH, 1);
const DAY = `${NEXT_MONTH}-20`;
const BOOKED = `${NEXT_MONTH}-21`;

function availability(month: string, unavailable: BookingAvailability['unavailable'] = []): BookingAvailability {
  return { month, timeZone: 'America/Chicago', today: TODAY, firstBookableDay: shiftDay(TODAY, 7), leadTimeDays: 7, unavailable };
}

const ROUTES = {
  'GET /api/booking/packages': { body: PACKAGES },
  [`GET /api/booking/availability?month=${THIS_MONTH}`]: { body: availability(THIS_MONTH, [{ date: TODAY, reason: 'past' as const }]) },
  [`GET /api/booking/availability?month=${NEXT_MONTH}`]: { body: availability(NEXT_MONTH, [{ date: BOOKED, reason: 'booked' as const }]) },
};

const REQUEST = {
  packageId: 2,
  date: DAY,
  ...bookingParty,
  ...bookingContact,
  notes: null,
};

const CREATED = { reference: 'CB-7K3Q', token: 'tok', statusPath: '/bookings/CB-7K3Q?token=tok', booking: { contactEmail: 'robin@example.com' } };

const form = () => screen.getByRole('form', { name: 'Booking request' });
const fill = (label: string, value: string) => fireEvent.change(within(form()).getByLabelText(label, { exact: true }), { target: { value } });

async function chooseDay(day: string) {
  fireEvent.click(within(form()).getByRole('button', { name: 'Next month' }));
  const button = await within(form()).findByRole('button', {
    name: new RegExp(
      `^${new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`))}`,
    ),
  });
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
}

async function fillValidRequest() {
  fireEvent.click(await screen.findByRole('radio', { name: /Iced & Shake Bar/ }));
  await chooseDay(DAY);
  fill('Start time', '14:00');
  fill('Number of guests', '60');
  fill('Venue name', 'Riverside Pavilion');
  fill('Venue address', '200 River Rd, Portland, OR 97201');
  fill('Your name', 'Robin Park');
  fill('Email', 'robin@example.com');
  fill('Phone', '5035550123');
}

const submit = () => fireEvent.click(within(form()).getByRole('button', { name: 'Request booking' }));

let online = true;
beforeEach(async () => {
  online = true;
  jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  await clear();
  useBookingOutbox.setState({ entries: [], hydrated: false });
});
afterEach(() => jest.restoreAllMocks());

describe('BookingSection: the booking form on /events', () => {
  it('shows the packages as cards and updates the estimate as the guests are typed (the shared rule, minimum included)', async () => {
    mockFetch(ROUTES);
    renderWithProviders(<BookingSection />, { route: '/events' });
    expect(await screen.findByRole('radio', { name: /Hot Cocoa Bar/ })).toBeInTheDocument();
    const estimate = screen.getByTestId('booking-estimate');
    expect(estimate).toHaveTextContent('Choose a package and the number of guests to see an estimate.');

    const iced = screen.getByRole('radio', { name: 'Iced & Shake Bar' });
    expect(iced).toHaveAccessibleDescription('$10.50 per guest · minimum $450.00');
    fireEvent.click(iced);
    fill('Number of guests', '60');
    expect(estimate).toHaveTextContent('$630.00');
    expect(estimate).toHaveTextContent('60 guests × $10.50.');
    expect(estimate).toHaveTextContent('Deposit to confirm the date: $157.50 (25%), then $472.50 before the event.');

    fill('Number of guests', '40');
    expect(estimate).toHaveTextContent('$450.00');
    expect(estimate).toHaveTextContent('The Iced & Shake Bar minimum charge (40 × $10.50 comes to $420.00).');

    fireEvent.click(screen.getByRole('radio', { name: /Hot Cocoa Bar/ }));
    expect(estimate).toHaveTextContent('$340.00');
  });

  it('disables the days the availability call says cannot be booked, naming why', async () => {
    mockFetch(ROUTES);
    renderWithProviders(<BookingSection />, { route: '/events' });
    await screen.findByRole('radio', { name: /Iced & Shake Bar/ });
    await waitFor(() => expect(form().querySelector(`[data-day="${TODAY}"]`)).toBeDisabled());
    expect(form().querySelector(`[data-day="${TODAY}"]`)).toHaveAccessibleName(/not available$/);
    fireEvent.click(within(form()).getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(form().querySelector(`[data-day="${BOOKED}"]`)).toBeDisabled());
    expect(form().querySelector(`[data-day="${BOOKED}"]`)).toHaveAccessibleName(/, already booked$/);
    expect(form().querySelector(`[data-day="${DAY}"]`)).toBeEnabled();
    fireEvent.click(form().querySelector(`[data-day="${DAY}"]`)!);
    expect(screen.getByText(/^Chosen: /)).toHaveTextContent(
      `Chosen: ${new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${DAY}T12:00:00Z`))}`,
    );
  });

  it('names every missing field with the shared schema and sends nothing; guests outside the package range are refused', async () => {
    const { calls } = mockFetch(ROUTES);
    renderWithProviders(<BookingSection />, { route: '/events' });
    await screen.findByRole('radio', { name: /Iced & Shake Bar/ });
    submit();
    expect(await screen.findByText('Please choose a package')).toBeInTheDocument();
    expect(screen.getByText('Please choose a date')).toBeInTheDocument();
    expect(screen.getByText('Start time is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter the number of guests')).toBeInTheDocument();
    expect(screen.getByText('Venue name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    // focus goes to the first field in error: the package
    expect(screen.getByRole('radio', { name: /Hot Cocoa Bar/ })).toHaveFocus();

    await fillValidRequest();
    fill('Number of guests', '12');
    submit();
    expect(await screen.findByText('Iced & Shake Bar serves 30 to 200 guests')).toBeInTheDocument();
    expect(within(form()).getByLabelText('Number of guests')).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends the parsed request (end time from the package length, phone formatted) and opens the status page', async () => {
    const { calls } = mockFetch({ ...ROUTES, 'POST /api/bookings': { status: 201, body: CREATED } });
    renderWithProviders(<BookingSection />, { route: '/events' });
    await fillValidRequest();
    expect(within(form()).getByLabelText('End time')).toHaveValue('17:00');
    submit();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/bookings/CB-7K3Q?token=tok'));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    // With a fresh idempotency key: a retry of this request would answer the booking it made.
    expect(posts[0].body).toEqual({ ...REQUEST, idempotencyKey: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });

  it("shows the server's refusal (a day taken meanwhile) and asks for the month again", async () => {
    const { calls } = mockFetch({
      ...ROUTES,
      'POST /api/bookings': { status: 409, body: { message: 'That day is already booked. Please choose another date.', code: 'DATE_UNAVAILABLE' } },
    });
    renderWithProviders(<BookingSection />, { route: '/events' });
    await fillValidRequest();
    const asked = calls.filter((c) => c.url === `/api/booking/availability?month=${NEXT_MONTH}`).length;
    submit();
    expect(await within(form()).findByRole('alert')).toHaveTextContent('That day is already booked. Please choose another date.');
    await waitFor(() => expect(calls.filter((c) => c.url === `/api/booking/availability?month=${NEXT_MONTH}`).length).toBe(asked + 1));
    expect(screen.getByTestId('location')).toHaveTextContent('/events');
  });

  it('offline, keeps the request on the device and says so; back online, it is sent and links to the booking', async () => {
    const { calls } = mockFetch({ ...ROUTES, 'POST /api/bookings': { status: 201, body: CREATED } });
    renderWithProviders(<BookingSection />, { route: '/events' });
    await fillValidRequest();
    online = false;
    submit();
    expect(await screen.findByText("Saved on this device: we'll send your booking request when you're back online.")).toBeInTheDocument();
    expect(screen.getByText(/Iced & Shake Bar on .* for 60 guests/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    // kept in IndexedDB, as a reload would find it
    const stored = (await get('cocoa-booking-outbox')) as Array<{ id: string; status: string; request: unknown }>;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: 'waiting', request: REQUEST });
    // the form is empty again
    expect(within(form()).getByLabelText('Venue name')).toHaveValue('');

    const stop = startOutboxSync(useBookingOutbox);
    await act(async () => {
      await Promise.resolve();
    });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Your saved booking request was sent: CB-7K3Q.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See booking CB-7K3Q' })).toHaveAttribute('href', '/bookings/CB-7K3Q?token=tok');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    // The entry's id is the request's idempotency key.
    expect(posts[0].body).toEqual({ ...REQUEST, idempotencyKey: stored[0].id });
    expect(await get('cocoa-booking-outbox')).toEqual([expect.objectContaining({ status: 'sent', reference: 'CB-7K3Q' })]);
    stop();
  });

  it('keeps the request when the network fails although the browser says online, and puts a refused one back in the form', async () => {
    let answer: () => Promise<Response> = async () => {
      throw new TypeError('Failed to fetch');
    };
    const { calls } = mockFetch({ ...ROUTES, 'POST /api/bookings': () => answer() });
    renderWithProviders(<BookingSection />, { route: '/events' });
    await fillValidRequest();
    submit();
    expect(await screen.findByText("Saved on this device: we'll send your booking request when you're back online.")).toBeInTheDocument();

    // The server refuses it when it is sent (the day was taken meanwhile): the customer can mend it.
    answer = async () => fakeResponse(409, { message: 'That day is already booked. Please choose another date.' });
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Your saved booking request could not be sent.')).toBeInTheDocument();
    expect(screen.getByText(/That day is already booked/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Put it back in the form' }));
    await waitFor(() => expect(within(form()).getByLabelText('Venue name')).toHaveValue('Riverside Pavilion'));
    expect(within(form()).getByLabelText('Number of guests')).toHaveValue(60);
    await waitFor(() => expect(screen.queryByText('Your saved booking request could not be sent.')).not.toBeInTheDocument());
    expect(await get('cocoa-booking-outbox')).toEqual([]);
    // The request the network lost and its retry from the device carry one key: the server stores it once.
    const keys = calls.filter((c) => c.method === 'POST').map((c) => (c.body as { idempotencyKey?: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{16}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});
