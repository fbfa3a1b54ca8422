import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addMonths, type AdminBookingSummary, type AdminBookingsPage, type BookingPackage, dayKey } from '@cocoa/shared-types';
import { mockFetch, renderWithToasts } from '../../../test/render';
import { expectChosen, segmentNamed, swipeActionsOf, tapChoice } from '../../../test/ionic';
import { BookingsTab } from './bookings-tab';
import { bookingPackages, scheduledStop } from '../../../test/fixtures';
import { adminBookingDetail, adminBookingSummary } from '../test/bookings';

const summary = adminBookingSummary;
const COUNTS = { requested: 1, awaiting_deposit: 2, confirmed: 0, balance_due: 0, completed: 0, declined: 0, cancelled: 0 };
const page = (bookings: AdminBookingSummary[], counts = COUNTS): AdminBookingsPage => ({ bookings, page: 1, pageSize: 25, total: bookings.length, counts });

const detail = adminBookingDetail;

const LIST = 'GET /api/admin/bookings?state=requested';
const DETAIL = 'GET /api/admin/bookings/5';
const renderTab = (route = '/admin?tab=bookings') => renderWithToasts(<BookingsTab />, { route });

describe('BookingsTab: the list', () => {
  it('opens on the requests, shows each state with its count, and filters by state', async () => {
    const { calls } = mockFetch({
      [LIST]: { body: page([summary()]) },
      'GET /api/admin/bookings?state=awaiting_deposit': {
        body: page([
          summary({ id: 6, reference: 'CB-AB12', state: 'awaiting_deposit', contactName: 'Ana Díaz', testMode: true }),
          summary({ id: 7, reference: 'CB-CD34', state: 'awaiting_deposit' }),
        ]),
      },
    });
    renderTab();
    const list = await screen.findByRole('list', { name: 'Requested bookings' });
    const rows = within(list).getAllByRole('button');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Open booking CB-7K3Q, Robin Park, Requested']);
    // A swipe writes to the contact: the owner's mail app opens, addressed, with the reference.
    expect(swipeActionsOf(rows[0]).map((a) => [a.textContent, (a as HTMLElement & { href?: string }).href])).toEqual([
      ['E-mail', `mailto:${encodeURIComponent(summary().contactEmail)}?subject=Your%20booking%20CB-7K3Q`],
    ]);
    expect(rows[0]).toHaveTextContent('June 19, 2027, 2:00 PM - 5:00 PM');
    expect(rows[0]).toHaveTextContent('$630.00');
    const states = segmentNamed('Show bookings that are');
    await expectChosen(states, 'Requested 1');
    await tapChoice(states, 'Awaiting deposit 2');
    const awaiting = await screen.findByRole('list', { name: 'Awaiting deposit bookings' });
    await waitFor(() => expect(within(awaiting).getAllByRole('button')).toHaveLength(2));
    expect(within(awaiting).getAllByRole('button')[0]).toHaveTextContent('TEST');
    expect(calls.map((c) => c.url)).toContain('/api/admin/bookings?state=awaiting_deposit');
  });

  it('opens a booking from the address (?booking=, as the e-mails link it) with the clash warning and the thread', async () => {
    mockFetch({ [DETAIL]: { body: detail() } });
    renderTab('/admin?tab=bookings&booking=5');
    expect(await screen.findByRole('heading', { name: 'Booking CB-7K3Q' })).toBeInTheDocument();
    const warning = screen.getByRole('alert');
    expect(warning).toHaveTextContent('This day clashes with:');
    expect(warning).toHaveTextContent('Booking CB-ZZ22 (Sam Lee, Awaiting deposit, 10:00 AM - 12:00 PM)');
    expect(warning).toHaveTextContent('Scheduled stop: Farmers Market at Union Square (9:00 AM - 1:00 PM)');
    expect(within(screen.getByRole('region', { name: 'Thread' })).getByText('Booking requested')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Next steps' })).toHaveTextContent('AcceptDecline');
  });
});

describe('BookingsTab: accept and decline', () => {
  it('accepts with an adjusted quote and a note: the deposit follows the quote, the customer is e-mailed', async () => {
    const accepted = detail({ state: 'awaiting_deposit', quoteCents: 70000, depositCents: 17500, balanceCents: 52500, balanceDueDate: '2027-06-05' });
    const { calls } = mockFetch({ [DETAIL]: { body: detail() }, 'POST /api/admin/bookings/5/accept': { body: accepted } });
    renderTab('/admin?tab=bookings&booking=5');
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept booking CB-7K3Q' });
    const quote = within(dialog).getByLabelText('Quote ($)');
    expect(quote).toHaveValue('630.00');
    expect(quote).toHaveFocus();
    expect(dialog).toHaveTextContent('Deposit (25%): $157.50 · balance $472.50');
    fireEvent.change(quote, { target: { value: '700' } });
    expect(dialog).toHaveTextContent('Deposit (25%): $175.00 · balance $525.00');
    fireEvent.change(within(dialog).getByLabelText('Note to the customer (optional)'), { target: { value: 'Two extra servers for the shakes.' } });
    const tracker = within(dialog).getByLabelText('Show on the tracker');
    expect(tracker).toHaveValue('none');
    expect(
      within(tracker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Not shown', 'Public: title and place', 'Private event']);
    fireEvent.change(tracker, { target: { value: 'public' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept and send quote' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { quoteCents: 70000, note: 'Two extra servers for the shakes.', tracker: 'public' },
    ]);
    expect(screen.getByText('Booking CB-7K3Q accepted')).toBeInTheDocument();
    expect(screen.getByText('The customer has been e-mailed the quote and the link to pay the deposit.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Booking CB-7K3Q' }).parentElement).toHaveTextContent('Awaiting deposit');
    expect(within(screen.getByRole('region', { name: 'Money' })).getByText('Quote').nextSibling).toHaveTextContent('$700.00');
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeInTheDocument();
  });

  it('keeps the estimate when the quote is left as it was, and refuses an amount that is not one', async () => {
    const { calls } = mockFetch({ [DETAIL]: { body: detail() }, 'POST /api/admin/bookings/5/accept': { body: detail({ state: 'awaiting_deposit' }) } });
    renderTab('/admin?tab=bookings&booking=5');
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept booking CB-7K3Q' });
    fireEvent.change(within(dialog).getByLabelText('Quote ($)'), { target: { value: '6.3.0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept and send quote' }));
    expect(within(dialog).getByText('Enter the quote in dollars, e.g. 650.00')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Quote ($)'), { target: { value: '$630.00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept and send quote' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ note: null, tracker: 'none' });
  });

  it('shows the tracker choice of a confirmed booking and changes it: the stop follows', async () => {
    const confirmed = detail({ state: 'confirmed', tracker: 'public', stopId: 41, clashes: { bookings: [], stops: [] } });
    const { calls } = mockFetch({ [DETAIL]: { body: confirmed }, 'PUT /api/admin/bookings/5/tracker': { body: { ...confirmed, tracker: 'private' } } });
    renderTab('/admin?tab=bookings&booking=5');
    const event = await screen.findByRole('region', { name: 'Event' });
    expect(within(event).getByText('On the tracker').nextSibling).toHaveTextContent('Public: title and place · on the schedule');
    const change = within(event).getByRole('button', { name: 'Change' });
    expect(change).toBeDisabled();
    fireEvent.change(within(event).getByLabelText('Show on the tracker'), { target: { value: 'private' } });
    fireEvent.click(change);
    await waitFor(() => expect(within(event).getByText('On the tracker').nextSibling).toHaveTextContent('Private event · on the schedule'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([['/api/admin/bookings/5/tracker', { tracker: 'private' }]]);
    expect(screen.getByText('Tracker choice saved')).toBeInTheDocument();
  });

  it('declines only with a message to the customer', async () => {
    const declined = detail({ state: 'declined' });
    const { calls } = mockFetch({ [DETAIL]: { body: detail() }, 'POST /api/admin/bookings/5/decline': { body: declined } });
    renderTab('/admin?tab=bookings&booking=5');
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline booking CB-7K3Q?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline and send' }));
    expect(within(dialog).getByText('Please write a message to the customer')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Message to the customer'), { target: { value: 'We are already booked that weekend, sorry!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline and send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ message: 'We are already booked that weekend, sorry!' }]);
    expect(screen.getByText('Declined', { selector: '.bookings-state' })).toBeInTheDocument();
    expect(screen.getByText('Nothing left to do for this booking.')).toBeInTheDocument();
  });

  it("cancels a confirmed booking with the owner's refund, at most what was paid", async () => {
    const paid = detail({
      state: 'confirmed',
      depositPaidCents: 15750,
      refundableCents: 15750,
      policyRefundCents: 15750,
      clashes: { bookings: [], stops: [] },
    });
    const { calls } = mockFetch({
      [DETAIL]: { body: paid },
      'POST /api/admin/bookings/5/cancel': { body: detail({ state: 'cancelled', refundedCents: 10000, clashes: { bookings: [], stops: [] } }) },
    });
    renderTab('/admin?tab=bookings&booking=5');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel booking CB-7K3Q?' });
    expect(within(dialog).getByLabelText('Refund ($)')).toHaveValue('157.50');
    fireEvent.change(within(dialog).getByLabelText('Refund ($)'), { target: { value: '200' } });
    fireEvent.change(within(dialog).getByLabelText('Message to the customer'), { target: { value: 'Our van broke down.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund $200.00' }));
    expect(within(dialog).getByText('At most $157.50 can be refunded')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Refund ($)'), { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund $100.00' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ refundCents: 10000, message: 'Our van broke down.' }]);
    expect(within(screen.getByRole('region', { name: 'Money' })).getByText('Refunded').nextSibling).toHaveTextContent('$100.00');
  });

  it('offers a failed refund again: Retry asks the server, and the refund shows as sent', async () => {
    const REFUND = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
    const refund = {
      id: REFUND,
      kind: 'refund' as const,
      amountCents: 15750,
      testMode: false,
      squarePaymentId: null,
      squareRefundId: null,
      createdAt: '2027-05-03T15:00:00.000Z',
    };
    const deposit = { ...refund, id: 'c0ffee00-0000-4000-8000-000000000001', kind: 'deposit' as const, status: 'completed' as const, squarePaymentId: 'PAY-1' };
    const failed = detail({
      state: 'cancelled',
      depositPaidCents: 15750,
      refundableCents: 15750,
      clashes: { bookings: [], stops: [] },
      payments: [deposit, { ...refund, status: 'failed' }],
    });
    const { calls } = mockFetch({
      [DETAIL]: { body: failed },
      [`POST /api/admin/bookings/5/refunds/${REFUND}/retry`]: {
        body: { ...failed, refundedCents: 15750, refundableCents: 0, payments: [deposit, { ...refund, status: 'completed' }] },
      },
    });
    renderTab('/admin?tab=bookings&booking=5');
    const payments = await screen.findByRole('region', { name: 'Payments' });
    // Only the failed refund has the button.
    expect(within(payments).getAllByRole('button')).toHaveLength(1);
    fireEvent.click(within(payments).getByRole('button', { name: 'Retry the refund of $157.50' }));
    expect(await screen.findByText('Refund sent again')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`/api/admin/bookings/5/refunds/${REFUND}/retry`]);
    expect(within(payments).queryByRole('button')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Money' })).getByText('Refunded').nextSibling).toHaveTextContent('$157.50');
  });
});

describe('BookingsTab: packages and the month', () => {
  const PKG: BookingPackage = { ...bookingPackages[1], included: ['Two servers'] };

  it('hides a package with its active switch (the whole package is sent back) and edits one in a dialog', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/booking/packages': { body: [PKG] },
      'PUT /api/admin/booking/packages/2': { body: { ...PKG, active: false } },
    });
    renderTab('/admin?tab=bookings&view=packages');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Iced & Shake Bar Active' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const { id: _id, ...body } = PKG;
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ ...body, active: false });

    fireEvent.click(screen.getByRole('button', { name: 'Edit Iced & Shake Bar' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Iced & Shake Bar' });
    expect(within(dialog).getByLabelText('Price per guest ($)')).toHaveValue('10.50');
    fireEvent.change(within(dialog).getByLabelText('Price per guest ($)'), { target: { value: '11.25' } });
    fireEvent.change(within(dialog).getByLabelText('Maximum guests'), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Maximum guests must be at least the minimum guests')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Maximum guests'), { target: { value: '250' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1].body).toEqual({ ...body, pricePerGuestCents: 1125, maxGuests: 250 });
  });

  it('shows a month of bookings beside the scheduled stops, and blocks a day for new requests', async () => {
    const month = dayKey(new Date()).slice(0, 7);
    const day = `${month}-15`;
    const stop = scheduledStop({ id: 3, date: new Date(`${day}T12:00:00`).toISOString() });
    const { calls } = mockFetch({
      [`GET /api/admin/bookings?month=${month}`]: { body: page([summary({ date: day, state: 'confirmed' })]) },
      [`GET /api/events?from=${month}-01&to=${addMonths(month, 1)}-01`]: { body: [stop] },
      [`GET /api/admin/booking/blocked-days?month=${month}`]: { body: [] },
      'POST /api/admin/booking/blocked-days': { status: 201, body: { date: day, note: 'Family wedding', createdAt: '2027-05-01T00:00:00.000Z' } },
    });
    renderTab('/admin?tab=bookings&view=month');
    const cell = await screen.findByRole('button', { name: /15, \d{4}: CB-7K3Q Confirmed, Stop: Farmers Market$/ });
    expect(cell).toHaveClass('is-clash');
    fireEvent.click(cell);
    const panel = screen.getByRole('region', { name: /15, \d{4}$/ });
    expect(within(within(panel).getByRole('list', { name: 'Bookings on this day' })).getByRole('button')).toHaveTextContent(
      'CB-7K3QRobin Park · Iced & Shake Bar · 2:00 PM - 5:00 PMConfirmed',
    );
    expect(within(panel).getByRole('list', { name: 'Scheduled stops on this day' })).toHaveTextContent(
      'Scheduled stop: Farmers Market at Union Square (9:00 AM - 1:00 PM)',
    );
    fireEvent.change(within(panel).getByLabelText('Why (optional, for you)'), { target: { value: 'Family wedding' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Block this day' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ date: day, note: 'Family wedding' }]));
    expect(await screen.findByText('Day blocked')).toBeInTheDocument();
  });
});
