import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dayKey, type ScheduledEvent } from '@cocoa/shared-types';
import { renderWithProviders, testQueryClient } from '../../../test/render';
import CocoaTrackerPage from './cocoa-tracker-page';
import { scheduledStop } from '../../../test/fixtures';

// Leaflet and react-leaflet ship ES modules only; what matters here is when the map is mounted.
jest.mock('../components/tracker-map', () => ({ __esModule: true, default: () => <div data-testid="tracker-map" /> }));

const now = new Date();
const on = (day: number, over: Partial<ScheduledEvent>): ScheduledEvent =>
  scheduledStop({
    id: day,
    title: `Stop ${day}`,
    location: `Place ${day}`,
    date: new Date(now.getFullYear(), now.getMonth(), day, 12).toISOString(),
    endTime: '13:15',
    latitude: 40,
    longitude: -90,
    ...over,
  });

function serve(events: ScheduledEvent[], date: string, mapConfig?: unknown, upcoming?: ScheduledEvent[]) {
  global.fetch = jest.fn(async (url: string) => {
    const path = String(url);
    const ok = (body: unknown) =>
      ({ ok: true, status: 200, statusText: 'OK', headers: new Headers({ date }), text: async () => JSON.stringify(body) }) as unknown as Response;
    if (path.startsWith('/api/events?')) return ok(events);
    if (path === '/api/events' && upcoming) return ok(upcoming);
    if (path === '/api/events/map-config' && mapConfig) return ok(mapConfig);
    return { ok: false, status: 404, statusText: 'Not Found', headers: new Headers(), text: async () => '' } as unknown as Response;
  }) as unknown as typeof fetch;
}

describe('CocoaTrackerPage', () => {
  const today = now.getDate();
  const other = today === 1 ? 2 : 1;
  const events = [
    on(today, { title: 'Cocoa Cart Today', startTime: '11:00', endTime: '17:00' }),
    on(other, { title: 'Another Stop', location: null, latitude: null }),
  ];

  it("opens on today's stops and lists a chosen date's, with the time display rules", async () => {
    serve(events, new Date().toUTCString());
    renderWithProviders(<CocoaTrackerPage />);
    expect(screen.getByText('Loading events...')).toBeInTheDocument();
    const list = () => screen.getByRole('region', { name: /^Events on / });
    expect(await within(list()).findByRole('heading', { name: 'Cocoa Cart Today' })).toBeInTheDocument();
    expect(within(list()).getByText('11:00 AM - 5:00 PM')).toBeInTheDocument();
    expect(screen.queryByText(/Last updated/)).not.toBeInTheDocument();

    const otherKey = dayKey(new Date(now.getFullYear(), now.getMonth(), other));
    fireEvent.click(document.querySelector(`[data-day="${otherKey}"]`) as HTMLElement);
    expect(within(list()).getByRole('heading', { name: 'Another Stop' })).toBeInTheDocument();
    expect(within(list()).getByText('No location')).toBeInTheDocument();
    expect(within(list()).getByText('9:00 AM - 1:15 PM')).toBeInTheDocument();
    expect(within(list()).queryByRole('button', { name: 'View on Map' })).not.toBeInTheDocument();

    const empty = [3, 4, 5, 6].find((d) => d !== today && d !== other) as number;
    fireEvent.click(document.querySelector(`[data-day="${dayKey(new Date(now.getFullYear(), now.getMonth(), empty))}"]`) as HTMLElement);
    expect(within(list()).getByText('No events scheduled for this date.')).toBeInTheDocument();
    expect(within(list()).getByText('Check another date or come back soon!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe to calendar' }).getAttribute('href')).toMatch(/^webcal:\/\/.+\/api\/events\/calendar\.ics$/);
  });

  it('opens on the stop a notification or calendar link names (?stop=<id>): its month and day', async () => {
    const later = { ...on(10, { id: 77, title: 'Millennium Park' }), date: new Date(now.getFullYear(), now.getMonth() + 1, 10, 12).toISOString() };
    serve([...events, later], new Date().toUTCString(), undefined, [later]);
    renderWithProviders(<CocoaTrackerPage />, { route: '/cocoa-tracker?stop=77' });
    const list = () => screen.getByRole('region', { name: /^Events on / });
    expect(await within(list()).findByRole('heading', { name: 'Millennium Park' })).toBeInTheDocument();
    expect(document.querySelector(`[data-day="${dayKey(new Date(later.date))}"]`)).toHaveAttribute('aria-pressed', 'true');
  });

  describe('the map', () => {
    const config = { tileUrl: 'http://tiles.test/{z}/{x}/{y}.png', attribution: '© test', maxZoom: 19 };
    let report: (visibleFraction: number) => void;
    beforeEach(() => {
      class FakeIntersectionObserver {
        constructor(private readonly callback: IntersectionObserverCallback) {
          report = (ratio) =>
            act(() =>
              this.callback([{ isIntersecting: ratio > 0, intersectionRatio: ratio } as IntersectionObserverEntry], this as unknown as IntersectionObserver),
            );
        }
        observe() {}
        disconnect() {}
      }
      (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeIntersectionObserver;
      Element.prototype.scrollIntoView = () => undefined;
    });
    afterEach(() => delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver);
    const leaflet = () => screen.queryByTestId('tracker-map');

    it('loads once a quarter of it is on screen, not while only its edge shows', async () => {
      serve(events, new Date().toUTCString(), config);
      renderWithProviders(<CocoaTrackerPage />);
      await screen.findByRole('heading', { name: 'Cocoa Cart Today' });
      expect(await screen.findByText('Loading map...')).toBeInTheDocument();
      report(0.05);
      expect(screen.getByText('Loading map...')).toBeInTheDocument();
      report(0.3);
      await waitFor(() => expect(leaflet()).not.toBeNull());
      // and it stays, scrolled away or not
      report(0);
      expect(leaflet()).not.toBeNull();
    });

    it('View on Map loads it at once', async () => {
      serve(events, new Date().toUTCString(), config);
      renderWithProviders(<CocoaTrackerPage />);
      const list = await screen.findByRole('region', { name: /^Events on / });
      await screen.findByText('Loading map...');
      fireEvent.click(await within(list).findByRole('button', { name: 'View on Map' }));
      await waitFor(() => expect(leaflet()).not.toBeNull());
    });
  });

  it("says 'Last updated ...' when the events come from a saved copy", async () => {
    serve(events, new Date(Date.now() - 3 * 60 * 60 * 1000).toUTCString());
    renderWithProviders(<CocoaTrackerPage />);
    expect(await screen.findByText(/^Last updated /)).toBeInTheDocument();
  });

  describe('another month, where no date is chosen', () => {
    const nextMonthDay = (day: number) => new Date(now.getFullYear(), now.getMonth() + 1, day, 12);

    /** The tracker opened, then moved a month by `arrow`: the list's region asking for a date. */
    async function openMonth(arrow: 'Next month' | 'Previous month') {
      renderWithProviders(<CocoaTrackerPage />);
      await screen.findByRole('heading', { name: 'Cocoa Cart Today' });
      fireEvent.click(screen.getByRole('button', { name: arrow }));
      return screen.findByRole('region', { name: 'Choose a date' });
    }

    it("asks for a date, never 'No events scheduled for this date.' under a bare 'Events'", async () => {
      const later = { ...on(today, { id: 99, title: 'Next Month Stop' }), date: nextMonthDay(10).toISOString() };
      serve([...events, later], new Date().toUTCString());
      const list = await openMonth('Next month');
      expect(await within(list).findByText('Choose a date to see its stops.')).toBeInTheDocument();
      expect(within(list).getByText('Days with stops are outlined on the calendar.')).toBeInTheDocument();
      expect(screen.queryByText('No events scheduled for this date.')).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Events' })).not.toBeInTheDocument();
      fireEvent.click(document.querySelector(`[data-day="${dayKey(nextMonthDay(10))}"]`) as HTMLElement);
      expect(within(screen.getByRole('region', { name: /^Events on / })).getByRole('heading', { name: 'Next Month Stop' })).toBeInTheDocument();
    });

    it('says when the month has no stops at all', async () => {
      serve(events, new Date().toUTCString());
      const list = await openMonth('Previous month');
      expect(await within(list).findByText('No stops scheduled this month.')).toBeInTheDocument();
      expect(within(list).getByText('Check another month or come back soon!')).toBeInTheDocument();
      expect(screen.queryByText('No events scheduled for this date.')).not.toBeInTheDocument();
    });

    it('offline, a month never opened says so instead of showing no stops', async () => {
      serve(events, new Date().toUTCString());
      const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
      // as the app's client (app/query-client.ts): offline, a call is still tried once
      const client = testQueryClient();
      client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, networkMode: 'offlineFirst' } });
      try {
        renderWithProviders(<CocoaTrackerPage />, { client });
        await screen.findByRole('heading', { name: 'Cocoa Cart Today' });
        online.mockReturnValue(false);
        global.fetch = jest.fn(async () => {
          throw new TypeError('Failed to fetch');
        });
        act(() => void window.dispatchEvent(new Event('offline')));
        fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
        expect(
          await screen.findByText("This month's stops are not saved on this device yet. They will show here when you're back online."),
        ).toBeInTheDocument();
        expect(screen.queryByText('No stops scheduled this month.')).not.toBeInTheDocument();
      } finally {
        online.mockRestore();
        act(() => void window.dispatchEvent(new Event('online')));
      }
    });
  });
});
