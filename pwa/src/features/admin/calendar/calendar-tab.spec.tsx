import { dayKey } from '@cocoa/shared-types';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeResponse, mockFetch, renderWithProviders, renderWithToasts } from '../../../test/render';
import { expectChosen, segmentNamed, tapChoice } from '../../../test/ionic';
import { useToastStore } from '../../../ui/toast-store';
import { adminEventsQueryOptions } from './api/events';
import { CalendarTab } from './calendar-tab';

// The scheduler splits at the start of today (the shop's; the device's until Settings answer, as
// in most tests here): upcoming from it on, past before it. A bare date is the shop's midnight to the API.
const today = new Date();
const split = dayKey(today);
const todayText = today.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const UPCOMING_URL = `/api/events?from=${split}&limit=100`;
const PAST_URL = `/api/events?from=0001-01-01&to=${split}&order=desc&limit=100`;
const EVENTS = `GET ${UPCOMING_URL}`;
const PAST = `GET ${PAST_URL}`;
// stands in for Headers.get (the fake responses of test/render have no headers)
const headersOf = (entries: Record<string, string>) => ({ get: (name: string) => entries[name] ?? null }) as unknown as Headers;
const STATUS = 'GET /api/events/calendar/status';
const event = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  title: `Market ${id}`,
  description: null,
  location: 'Town Square',
  address: '1 Main St',
  date: new Date(2026, 11, 5, 12).toISOString(),
  startTime: '09:00',
  endTime: '13:30',
  latitude: 40,
  longitude: -89,
  takesOrders: false,
  ...over,
});
const feed = { id: 'https://example.com/a.ics', name: 'Farmers markets', primary: true, active: true, lastSyncedAt: null, lastError: null };

describe('CalendarTab', () => {
  it("lists locations with 'MMM dd, yyyy' dates and 'TBD' without a start time", async () => {
    mockFetch({
      [EVENTS]: { body: [event(1), event(2, { startTime: null, endTime: null, location: null })] },
      [STATUS]: { body: { status: 'disconnected', geocoding: 'available', calendars: [] } },
    });
    renderWithProviders(<CalendarTab />);
    const first = (await screen.findByRole('rowheader', { name: 'Market 1' })).closest('tr')!;
    expect(first).toHaveTextContent('Dec 05, 2026');
    expect(first).toHaveTextContent('9:00 AM – 1:30 PM');
    const second = screen.getByRole('rowheader', { name: 'Market 2' }).closest('tr')!;
    expect(second).toHaveTextContent('TBD');
    expect(second).toHaveTextContent('No location');
  });

  it("shows a stop imported from a feed as 'From <feed>', without Edit or Delete (it is changed in that calendar)", async () => {
    mockFetch({
      [EVENTS]: { body: [event(1), event(2, { title: 'Feed market', calendarName: 'Farmers markets' })] },
      [STATUS]: { body: { status: 'connected', geocoding: 'available', calendars: [feed] } },
    });
    renderWithProviders(<CalendarTab />);
    const imported = (await screen.findByRole('rowheader', { name: 'Feed market' })).closest('tr')!;
    expect(within(imported).getByText('From Farmers markets')).toBeInTheDocument();
    expect(within(imported).queryByRole('button', { name: /^(Edit|Delete) / })).not.toBeInTheDocument();
    // Whether the cart takes orders there is the owner's, not the feed's.
    expect(within(imported).getByRole('checkbox', { name: 'Takes orders at Feed market' })).not.toBeChecked();
    const own = screen.getByRole('rowheader', { name: 'Market 1' }).closest('tr')!;
    expect(within(own).getByRole('button', { name: 'Edit Market 1' })).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Delete Market 1' })).toBeInTheDocument();
  });

  it('turns orders ahead on for a stop in one tap, says what customers can pick, and the list follows', async () => {
    let takesOrders = false;
    const { calls } = mockFetch({
      [EVENTS]: async () => fakeResponse(200, [event(1, { takesOrders })]),
      [STATUS]: { body: { status: 'disconnected', geocoding: 'available', calendars: [] } },
      'PUT /api/stops/1/orders-ahead': async () => {
        takesOrders = true;
        return fakeResponse(200, { stopId: 1, takesOrders: true, open: true, reason: null, slotMinutes: 15, slots: [{}, {}, {}] });
      },
    });
    renderWithToasts(<CalendarTab />);
    const toggle = await screen.findByRole('checkbox', { name: 'Takes orders at Market 1' });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Takes orders at Market 1' })).toBeChecked());
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', url: '/api/stops/1/orders-ahead', body: { takesOrders: true } }]);
    expect(useToastStore.getState().current).toMatchObject({ title: 'Market 1 takes orders ahead', description: 'Customers can pick from 3 pickup times.' });
  });

  it('shows the first 100 locations and loads the next page with the cursor on Load more', async () => {
    const firstPage = Array.from({ length: 100 }, (_, i) => event(i + 1));
    const { calls } = mockFetch({
      [EVENTS]: async () => Object.assign(fakeResponse(200, firstPage), { headers: headersOf({ 'X-Next-Cursor': '1796472000000_100' }) }),
      [`${EVENTS}&cursor=1796472000000_100`]: async () => Object.assign(fakeResponse(200, [event(101)]), { headers: headersOf({}) }),
      [STATUS]: { body: { status: 'disconnected', geocoding: 'available', calendars: [] } },
    });
    renderWithProviders(<CalendarTab />);
    expect(await screen.findByRole('rowheader', { name: 'Market 100' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Market 101' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('rowheader', { name: 'Market 101' })).toBeInTheDocument();
    expect(screen.getAllByRole('rowheader', { name: /^Market / })).toHaveLength(101);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.url.startsWith('/api/events?')).map((c) => c.url)).toEqual([UPCOMING_URL, `${UPCOMING_URL}&cursor=1796472000000_100`]);
  });

  it("says 'No scheduled locations yet' for upcoming and 'No past locations' for past", async () => {
    mockFetch({ [EVENTS]: { body: [] }, [PAST]: { body: [] }, [STATUS]: { body: { status: 'disconnected', geocoding: 'unavailable', calendars: [] } } });
    renderWithProviders(<CalendarTab />);
    expect(await screen.findByText('No scheduled locations yet')).toBeInTheDocument();
    expect(await screen.findByText('Unavailable')).toBeInTheDocument();
    await tapChoice(segmentNamed('Which locations to show'), 'Past');
    expect(await screen.findByText('No past locations')).toBeInTheDocument();
    expect(screen.queryByText('No scheduled locations yet')).not.toBeInTheDocument();
  });

  it('opens on Upcoming (from today, soonest first); Past lists earlier ones newest first', async () => {
    const { calls } = mockFetch({
      [EVENTS]: { body: [event(1, { title: 'Coming fair' })] },
      [PAST]: { body: [event(8, { title: 'Last week' }), event(7, { title: 'Last year' })] },
      [STATUS]: { body: { status: 'disconnected', geocoding: 'available', calendars: [] } },
    });
    renderWithProviders(<CalendarTab />);
    const switcher = segmentNamed('Which locations to show');
    await expectChosen(switcher, 'Upcoming');
    expect(screen.getByText(`From today, ${todayText}, on, soonest first.`)).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'Coming fair' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/events?')).map((c) => c.url)).toEqual([UPCOMING_URL]);

    await tapChoice(switcher, 'Past');
    await expectChosen(switcher, 'Past');
    expect(screen.getByText(`Before today, ${todayText}, newest first.`)).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'Last week' })).toBeInTheDocument();
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Last week', 'Last year']);
    expect(screen.queryByRole('rowheader', { name: 'Coming fair' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/events?')).map((c) => c.url)).toEqual([UPCOMING_URL, PAST_URL]);

    await tapChoice(switcher, 'Upcoming');
    expect(await screen.findByRole('rowheader', { name: 'Coming fair' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Last week' })).not.toBeInTheDocument();
  });

  it("'Upcoming' does not list earlier days of this month: it starts at today in the shop's time zone, and Past ends there", async () => {
    // Two zones 25 hours apart: whatever zone and hour this runs in, at least one has another day than the device.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const shopDay = dayKey(new Date(), zone);
      const upcoming = `/api/events?from=${shopDay}&limit=100`;
      const past = `/api/events?from=0001-01-01&to=${shopDay}&order=desc&limit=100`;
      const { calls } = mockFetch({
        'GET /api/settings': { body: { SHOP_TIME_ZONE: zone } },
        [`GET ${upcoming}`]: { body: [event(1, { title: `Next in ${zone}` })] },
        [`GET ${past}`]: { body: [] },
        [STATUS]: { body: { status: 'disconnected', geocoding: 'available', calendars: [] } },
      });
      const shopDate = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: zone });
      const { unmount } = renderWithProviders(<CalendarTab />);
      expect(await screen.findByText(`From today, ${shopDate}, on, soonest first.`)).toBeInTheDocument();
      expect(await screen.findByRole('rowheader', { name: `Next in ${zone}` })).toBeInTheDocument();
      await tapChoice(segmentNamed('Which locations to show'), 'Past');
      expect(await screen.findByText('No past locations')).toBeInTheDocument();
      const lists = calls.filter((c) => c.url.startsWith('/api/events?')).map((c) => c.url);
      expect(lists.at(-1)).toBe(past);
      expect(lists).toContain(upcoming);
      // No list asks from the first of the month (or any other day than the shop's today).
      expect(lists.every((url) => url === upcoming || url === past || url === `/api/events?from=${split}&limit=100`)).toBe(true);
      unmount();
    }
  });

  it('pages Past with its cursor on Load more, newest first', async () => {
    const firstPage = Array.from({ length: 100 }, (_, i) => event(200 - i, { title: `Past ${200 - i}` }));
    const { calls } = mockFetch({
      [EVENTS]: { body: [] },
      [PAST]: async () => Object.assign(fakeResponse(200, firstPage), { headers: headersOf({ 'X-Next-Cursor': '1700000000000_101' }) }),
      [`${PAST}&cursor=1700000000000_101`]: async () => Object.assign(fakeResponse(200, [event(100, { title: 'Past 100' })]), { headers: headersOf({}) }),
      [STATUS]: { body: { status: 'disconnected', geocoding: 'available', calendars: [] } },
    });
    renderWithProviders(<CalendarTab />);
    expect(await screen.findByText('No scheduled locations yet')).toBeInTheDocument();
    await tapChoice(segmentNamed('Which locations to show'), 'Past');
    expect(await screen.findByRole('rowheader', { name: 'Past 101' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('rowheader', { name: 'Past 100' })).toBeInTheDocument();
    const titles = screen.getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(titles).toHaveLength(101);
    expect(titles.slice(-2)).toEqual(['Past 101', 'Past 100']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.url.startsWith('/api/events?')).map((c) => c.url)).toEqual([UPCOMING_URL, PAST_URL, `${PAST_URL}&cursor=1700000000000_101`]);
  });

  it('invalidates both lists after a delete: the shown one reloads at once, the other when switched to', async () => {
    const { calls } = mockFetch({
      [EVENTS]: { body: [event(1, { title: 'Coming fair' })] },
      [PAST]: { body: [event(3, { title: 'Old market' })] },
      [STATUS]: { body: { status: 'disconnected', geocoding: 'available', calendars: [] } },
      'DELETE /api/events/3': { status: 204 },
    });
    const { client } = renderWithToasts(<CalendarTab />);
    expect(await screen.findByRole('rowheader', { name: 'Coming fair' })).toBeInTheDocument();
    await tapChoice(segmentNamed('Which locations to show'), 'Past');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Old market' }));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Delete location?' })).getByRole('button', { name: 'Delete location' }));
    expect(await screen.findByText('Location deleted')).toBeInTheDocument();
    const fetched = (url: string) => calls.filter((c) => c.method === 'GET' && c.url === url).length;
    await waitFor(() => expect(fetched(PAST_URL)).toBe(2));
    expect(fetched(UPCOMING_URL)).toBe(1);
    expect(client.getQueryState(adminEventsQueryOptions('upcoming').queryKey)?.isInvalidated).toBe(true);
    await tapChoice(segmentNamed('Which locations to show'), 'Upcoming');
    await waitFor(() => expect(fetched(UPCOMING_URL)).toBe(2));
  });

  it('deletes a location only after confirmation', async () => {
    const { calls } = mockFetch({
      [EVENTS]: { body: [event(3)] },
      [STATUS]: { body: { status: 'disconnected', geocoding: 'available', calendars: [] } },
      'DELETE /api/events/3': { status: 204 },
    });
    renderWithToasts(<CalendarTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Market 3' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete location?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete location' }));
    expect(await screen.findByText('Location deleted')).toBeInTheDocument();
  });

  it('shows the feeds and sends set-active, set-primary, add-custom and remove-custom with the calendarId', async () => {
    const other = { ...feed, id: 'https://example.com/b.ics', name: 'Fairs', primary: false, active: false, lastError: 'The feed answered HTTP 404' };
    const status = { status: 'partial', geocoding: 'available', calendars: [feed, other] };
    const { calls } = mockFetch({
      [EVENTS]: { body: [] },
      [STATUS]: { body: status },
      'POST /api/events/calendar/set-active': { body: status },
      'POST /api/events/calendar/set-primary': { body: status },
      'POST /api/events/calendar/add-custom': { body: status },
      'POST /api/events/calendar/remove-custom': { body: status },
      'POST /api/events/init-calendar': { body: { imported: 4, updated: 1, failed: 0, status: 'connected' } },
    });
    renderWithToasts(<CalendarTab />);
    expect(await screen.findByText('Partly connected')).toBeInTheDocument();
    expect(screen.getByText('Last error: The feed answered HTTP 404')).toBeInTheDocument();
    const posts = () => calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body]);

    fireEvent.click(screen.getByRole('button', { name: 'Set active Fairs' }));
    await waitFor(() => expect(posts()).toContainEqual(['/api/events/calendar/set-active', { calendarId: other.id, active: true }]));
    fireEvent.click(screen.getByRole('button', { name: 'Set Fairs primary' }));
    await waitFor(() => expect(posts()).toContainEqual(['/api/events/calendar/set-primary', { calendarId: other.id }]));

    fireEvent.change(screen.getByLabelText('Calendar feed URL (https:// or webcal://)'), { target: { value: 'not a url' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add calendar' }));
    expect(await screen.findByText('calendarId must be an http(s) or webcal feed URL')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Calendar feed URL (https:// or webcal://)'), { target: { value: 'webcal://example.com/c.ics' } });
    fireEvent.change(screen.getByLabelText('Name (optional)'), { target: { value: 'Festivals' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add calendar' }));
    await waitFor(() => expect(posts()).toContainEqual(['/api/events/calendar/add-custom', { calendarId: 'https://example.com/c.ics', name: 'Festivals' }]));

    fireEvent.click(screen.getByRole('button', { name: 'Remove Fairs' }));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Remove calendar?' })).getByRole('button', { name: 'Remove calendar' }));
    await waitFor(() => expect(posts()).toContainEqual(['/api/events/calendar/remove-custom', { calendarId: other.id }]));

    fireEvent.click(screen.getByRole('button', { name: 'Initialise and sync calendars' }));
    expect(await screen.findByText('Imported 4, updated 1, failed 0.')).toBeInTheDocument();
  });

  it("a feed the server cannot use is not announced as added: 'Calendar not added' with the reason, the address kept in the form", async () => {
    const reason = 'Could not fetch the feed: the host calendar.invalid was not found';
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    mockFetch({
      [EVENTS]: { body: [] },
      [STATUS]: { body: { status: 'disconnected', geocoding: 'available', calendars: [] } },
      'POST /api/events/calendar/add-custom': async () => {
        await answered;
        return fakeResponse(422, { message: reason, code: 'CALENDAR_FEED_UNUSABLE' });
      },
    });
    renderWithToasts(<CalendarTab />);
    const url = await screen.findByLabelText('Calendar feed URL (https:// or webcal://)');
    fireEvent.change(url, { target: { value: 'https://calendar.invalid/feed.ics' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add calendar' }));
    // The server fetches the feed before it answers: the owner sees that it is being checked.
    expect(await screen.findByRole('button', { name: 'Checking the feed...' })).toBeDisabled();
    answer();
    expect(await screen.findByText('Calendar not added')).toBeInTheDocument();
    expect(screen.getAllByText(reason)).toHaveLength(2); // the toast and the field's error
    expect(url).toHaveValue('https://calendar.invalid/feed.ics');
    expect(url).toHaveAccessibleDescription(reason);
    expect(screen.queryByText('Calendar added.')).not.toBeInTheDocument();
    expect(screen.getByText('No calendar feeds yet. Add one below.')).toBeInTheDocument();
  });
});
