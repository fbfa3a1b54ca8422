import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addMonths, type BookingAvailability, type BookingPackage, dayKey, shiftDay } from '@cocoa/shared-types';
import { fakeResponse, mockFetch, renderWithProviders } from '../../../test/render';
import { bookingPackages } from '../../../test/fixtures';
import { BookingSection } from './booking-section';

const PACKAGES: BookingPackage[] = [{ ...bookingPackages[1], included: ['Two servers'] }];

// The shop's today is the test machine's; next month's 21st is booked, the month after has its 22nd blocked.
const TODAY = dayKey(new Date());
const FIRST_BOOKABLE = shiftDay(TODAY, 7);
const NEXT_MONTH = addMonths(TODAY.slice(0, 7), 1);
const LATER_MONTH = addMonths(TODAY.slice(0, 7), 2);
const BOOKED = `${NEXT_MONTH}-21`;

/** A month as the API answers it: its days before the first bookable day, plus the ones given. */
function availability(month: string, taken: BookingAvailability['unavailable'] = []): BookingAvailability {
  const unavailable: BookingAvailability['unavailable'] = [];
  for (let day = `${month}-01`; day.startsWith(month) && day < FIRST_BOOKABLE; day = shiftDay(day, 1))
    unavailable.push({ date: day, reason: day <= TODAY ? 'past' : 'lead_time' });
  return { month, timeZone: 'America/Chicago', today: TODAY, firstBookableDay: FIRST_BOOKABLE, leadTimeDays: 7, unavailable: [...unavailable, ...taken] };
}

const form = () => screen.getByRole('form', { name: 'Booking request' });
const focusedDay = () => (document.activeElement as HTMLElement | null)?.dataset.day;
const press = (key: string) => fireEvent.keyDown(document.activeElement as HTMLElement, { key });
const longDate = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

describe('BookingForm: the date picker from the keyboard', () => {
  it('asks for the day in words and puts focus on the calendar’s one tab stop, then moves by keyboard past booked days and into the next month', async () => {
    let answerLater: (response: Response) => void = () => undefined;
    mockFetch({
      'GET /api/booking/packages': { body: PACKAGES },
      [`GET /api/booking/availability?month=${TODAY.slice(0, 7)}`]: { body: availability(TODAY.slice(0, 7)) },
      [`GET /api/booking/availability?month=${NEXT_MONTH}`]: { body: availability(NEXT_MONTH, [{ date: BOOKED, reason: 'booked' }]) },
      [`GET /api/booking/availability?month=${LATER_MONTH}`]: () => new Promise<Response>((resolve) => (answerLater = resolve)),
    });
    renderWithProviders(<BookingSection />, { route: '/events' });
    fireEvent.click(await screen.findByRole('radio', { name: /Iced & Shake Bar/ }));
    fireEvent.click(within(form()).getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(form().querySelector(`[data-day="${BOOKED}"]`)).toBeDisabled());

    // Blank: the shared schema's words, and focus on the day a keyboard user would tab to.
    fireEvent.click(within(form()).getByRole('button', { name: 'Request booking' }));
    expect(await within(form()).findByText('Please choose a date')).toBeInTheDocument();
    const stop = FIRST_BOOKABLE > `${NEXT_MONTH}-01` ? FIRST_BOOKABLE : `${NEXT_MONTH}-01`;
    expect(focusedDay()).toBe(stop);
    expect(
      Array.from(form().querySelectorAll<HTMLButtonElement>('[data-day]'))
        .filter((b) => b.tabIndex === 0)
        .map((b) => b.dataset.day),
    ).toEqual([stop]);

    // From the 20th, the 21st is booked: ArrowRight lands on the 22nd, which Enter (a click) chooses.
    act(() => (form().querySelector(`[data-day="${NEXT_MONTH}-20"]`) as HTMLElement).focus());
    expect(document.activeElement).toHaveAccessibleName(longDate(`${NEXT_MONTH}-20`));
    press('ArrowRight');
    expect(focusedDay()).toBe(`${NEXT_MONTH}-22`);
    expect(form().querySelector(`[data-day="${BOOKED}"]`)).toHaveAccessibleName(`${longDate(BOOKED)}, already booked`);
    fireEvent.click(document.activeElement as HTMLElement);
    expect(screen.getByText(/^Chosen: /)).toHaveTextContent(longDate(`${NEXT_MONTH}-22`));
    await waitFor(() => expect(within(form()).queryByText('Please choose a date')).not.toBeInTheDocument());

    // Page Down shows the month after at once, its 22nd focused; when its answer says the 22nd is blocked, focus moves on to the 23rd.
    press('PageDown');
    expect(
      screen.getByRole('grid', {
        name: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${LATER_MONTH}-15T12:00:00Z`)),
      }),
    ).toBeInTheDocument();
    expect(focusedDay()).toBe(`${LATER_MONTH}-22`);
    await act(async () => answerLater(fakeResponse(200, availability(LATER_MONTH, [{ date: `${LATER_MONTH}-22`, reason: 'blocked' }]))));
    await waitFor(() => expect(form().querySelector(`[data-day="${LATER_MONTH}-22"]`)).toBeDisabled());
    expect(focusedDay()).toBe(`${LATER_MONTH}-23`);
  });
});
