import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  type AdminBookingDetail,
  type AdminBookingSummary,
  type BookingRescheduled,
  type BookingState,
  dayIn,
  formatLongDate,
  shiftDay,
} from '@cocoa/shared-types';
import { fakeResponse, mockFetch, renderWithToasts } from '../../../test/render';
import { segmentNamed, tapChoice } from '../../../test/ionic';
import { adminBookingDetail, adminBookingSummary } from '../test/bookings';
import { BookingsTab } from './bookings-tab';

const ZONE = 'America/Chicago';
const today = dayIn(new Date(), ZONE);
const FROM = shiftDay(today, 40);
const TO = shiftDay(today, 47);
const inWords = (day: string) => formatLongDate(`${day}T12:00:00Z`, 'UTC');

const summary = (overrides: Partial<AdminBookingSummary> = {}) =>
  adminBookingSummary({ state: 'confirmed', date: FROM, depositPaidCents: 15750, ...overrides });

const detail = (overrides: Partial<AdminBookingDetail> = {}) =>
  adminBookingDetail({
    ...summary(),
    timeZone: ZONE,
    notes: null,
    balanceDueDate: shiftDay(FROM, -14),
    refundableCents: 15750,
    policyRefundCents: 15750,
    tracker: 'public',
    stopId: 41,
    clashes: { bookings: [], stops: [] },
    ...overrides,
  });

const moved = (warnings: BookingRescheduled['warnings'] = []): BookingRescheduled => ({
  ...detail({ date: TO, startTime: '17:00', endTime: '20:30', balanceDueDate: shiftDay(TO, -14) }),
  events: [
    ...detail().events,
    {
      id: 2,
      at: '2027-05-02T15:00:00.000Z',
      actor: 'admin:maria',
      type: 'rescheduled',
      fromState: null,
      toState: null,
      note: 'The park moved us a week.',
      amountCents: null,
    },
  ],
  warnings,
});

const DETAIL = 'GET /api/admin/bookings/5';
const RESCHEDULE = 'POST /api/admin/bookings/5/reschedule';
const renderTab = () => renderWithToasts(<BookingsTab />, { route: '/admin?tab=bookings&booking=5' });
const json = (status: number, body: unknown) => async () => fakeResponse(status, body);

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Change date' }));
  return screen.getByRole('dialog', { name: 'Change the date of booking CB-7K3Q' });
}

describe('BookingsTab: changing a booking’s date', () => {
  it('moves a confirmed booking: the dialog sends the day, times and note; the detail and the list show the new date', async () => {
    let current: AdminBookingDetail = detail();
    let list = [summary()];
    const { calls } = mockFetch({
      [DETAIL]: () => json(200, current)(),
      [RESCHEDULE]: async () => {
        current = moved();
        list = [summary({ date: TO, startTime: '17:00', endTime: '20:30' })];
        return json(200, moved())();
      },
      'GET /api/admin/bookings?state=requested': () =>
        json(200, {
          bookings: [],
          page: 1,
          pageSize: 25,
          total: 0,
          counts: { requested: 0, awaiting_deposit: 0, confirmed: 1, balance_due: 0, completed: 0, declined: 0, cancelled: 0 },
        })(),
      'GET /api/admin/bookings?state=confirmed': () =>
        json(200, {
          bookings: list,
          page: 1,
          pageSize: 25,
          total: 1,
          counts: { requested: 0, awaiting_deposit: 0, confirmed: 1, balance_due: 0, completed: 0, declined: 0, cancelled: 0 },
        })(),
    });
    renderTab();
    const event = await screen.findByRole('region', { name: 'Event' });
    expect(within(event).getByText('When').nextSibling).toHaveTextContent(`${inWords(FROM)}, 2:00 PM - 5:00 PM`);

    const dialog = await openDialog();
    expect(dialog).toHaveTextContent(
      'The customer is e-mailed the new date and time, with the updated calendar invitation. Its stop on the tracker moves with it.',
    );
    const date = within(dialog).getByLabelText('Date');
    expect(date).toHaveValue(FROM);
    expect(date).toHaveFocus();
    expect(date).toHaveAttribute('min', today);
    expect(within(dialog).getByLabelText('Start time')).toHaveValue('14:00');
    expect(within(dialog).getByLabelText('End time')).toHaveValue('17:00');
    fireEvent.change(date, { target: { value: TO } });
    fireEvent.change(within(dialog).getByLabelText('Start time'), { target: { value: '17:00' } });
    fireEvent.change(within(dialog).getByLabelText('End time'), { target: { value: '20:30' } });
    fireEvent.change(within(dialog).getByLabelText('Note to the customer (optional)'), { target: { value: '  The park moved us a week.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move booking' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      [RESCHEDULE.slice(5), { date: TO, startTime: '17:00', endTime: '20:30', note: 'The park moved us a week.' }],
    ]);
    expect(within(screen.getByRole('region', { name: 'Event' })).getByText('When').nextSibling).toHaveTextContent(`${inWords(TO)}, 5:00 PM - 8:30 PM`);
    expect(within(screen.getByRole('region', { name: 'Money' })).getByText('Balance due').nextSibling).toHaveTextContent(inWords(shiftDay(TO, -14)));
    expect(screen.getByText('Booking CB-7K3Q moved')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Thread' })).getByText('Date or time changed')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Back to the list: the confirmed bookings show the new date.
    fireEvent.click(screen.getByRole('button', { name: '← All bookings' }));
    await waitFor(() => tapChoice(segmentNamed('Show bookings that are'), 'Confirmed 1'));
    const rows = within(await screen.findByRole('list', { name: 'Confirmed bookings' })).getAllByRole('button');
    expect(rows[0]).toHaveTextContent(`${inWords(TO)}, 5:00 PM - 8:30 PM`);
  });

  it('shows the owner’s own rules the new day breaks as a warning after the move', async () => {
    const warnings: BookingRescheduled['warnings'] = [
      { kind: 'blocked', message: `You blocked ${inWords(TO)} (Family wedding). The booking is on that day all the same.` },
      { kind: 'lead_time', message: `${inWords(TO)} is inside your 7-day lead time: customers could not ask for it.` },
    ];
    mockFetch({ [DETAIL]: { body: detail() }, [RESCHEDULE]: { body: moved(warnings) } });
    renderTab();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: TO } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Moved. Please note:');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(warnings.map((w) => w.message));
  });

  it('checks the form with the shared schema before sending: a past day, the same day and times, an end equal to the start', async () => {
    const { calls } = mockFetch({ [DETAIL]: { body: detail() } });
    renderTab();
    const dialog = await openDialog();
    const move = within(dialog).getByRole('button', { name: 'Move booking' });

    fireEvent.click(move);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('That is the date and time the booking has now: choose a new date or time.');

    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: shiftDay(today, -1) } });
    fireEvent.click(move);
    expect(within(dialog).getByText('Please choose today or a later date')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '' } });
    fireEvent.click(move);
    expect(within(dialog).getByText('Please choose a date')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: TO } });
    fireEvent.change(within(dialog).getByLabelText('End time'), { target: { value: '14:00' } });
    fireEvent.click(move);
    expect(within(dialog).getByText('End time must differ from the start time')).toBeInTheDocument();
    expect(within(dialog).queryByText('Please choose a date')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the server’s refusal in the dialog and keeps it open with what was typed', async () => {
    const { calls } = mockFetch({
      [DETAIL]: { body: detail() },
      [RESCHEDULE]: { status: 409, body: { message: `Booking CB-AB12 already holds ${inWords(TO)}. Please choose another date.`, code: 'DATE_UNAVAILABLE' } },
    });
    renderTab();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: TO } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move booking' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`Booking CB-AB12 already holds ${inWords(TO)}. Please choose another date.`);
    expect(within(dialog).getByLabelText('Date')).toHaveValue(TO);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the date' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Event' })).getByText('When').nextSibling).toHaveTextContent(inWords(FROM));
  });

  it.each<[BookingState, boolean]>([
    ['requested', true],
    ['awaiting_deposit', true],
    ['balance_due', true],
    ['completed', false],
    ['declined', false],
    ['cancelled', false],
  ])('state %s: “Change date” offered: %s', async (state, allowed) => {
    mockFetch({ [DETAIL]: { body: detail({ state, stopId: null }) } });
    renderTab();
    const steps = await screen.findByRole('group', { name: 'Next steps' });
    expect(within(steps).queryByRole('button', { name: 'Change date' }) !== null).toBe(allowed);
  });

  it('a request is moved without a calendar invitation (none was sent yet)', async () => {
    mockFetch({ [DETAIL]: { body: detail({ state: 'requested', stopId: null, balanceDueDate: null }) } });
    renderTab();
    const dialog = await openDialog();
    expect(dialog).toHaveTextContent('The customer is e-mailed the new date and time.');
    expect(dialog).not.toHaveTextContent('calendar invitation');
  });
});
