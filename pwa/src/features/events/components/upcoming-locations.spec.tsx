import { screen, within } from '@testing-library/react';
import { dayIn, type ScheduledEvent } from '@cocoa/shared-types';
import { fakeResponse, renderWithProviders } from '../../../test/render';
import { FakeEventSource, LIVE_AT_PARK, withFakeLiveStream } from '../../live/test/fake-event-source';
import { UpcomingLocations } from './upcoming-locations';
import { scheduledStop } from '../../../test/fixtures';

const ZONE = 'America/Chicago';
const DAY_MS = 24 * 3600 * 1000;
/** A stop on the shop's day `days` from today (noon there, as stops are stored). */
const stop = (id: number, title: string, days: number): ScheduledEvent => {
  const day = dayIn(new Date(Date.now() + days * DAY_MS), ZONE);
  return scheduledStop({ id, title, location: `${title} place`, date: `${day}T17:00:00.000Z`, startTime: '10:00', endTime: '14:00', timeZone: ZONE });
};

function serve(live: unknown, events: ScheduledEvent[]) {
  global.fetch = jest.fn(async (url: string) => {
    if (url === '/api/live') return fakeResponse(200, live);
    if (url.startsWith('/api/events?from=')) return fakeResponse(200, events);
    return fakeResponse(404, { message: 'Not Found' });
  }) as unknown as typeof fetch;
}

const card = (title: string) => screen.getByRole('heading', { level: 3, name: new RegExp(`^${title}`) });

describe('UpcomingLocations on /events', () => {
  withFakeLiveStream();

  it("marks today's stops 'Today', and the one the cart is checked in at 'Here now'", async () => {
    const events = [stop(3, 'Park', 0), stop(4, 'Market', 0), stop(5, 'Pier', 2)];
    serve({ ...LIVE_AT_PARK, place: { ...LIVE_AT_PARK.place, stopId: 3 } }, events);
    renderWithProviders(<UpcomingLocations />);
    expect(await screen.findByText('Here now')).toBeInTheDocument();
    expect(card('Park')).toHaveTextContent(/^ParkHere now$/);
    expect(card('Market')).toHaveTextContent(/^MarketToday$/);
    expect(card('Pier')).toHaveTextContent(/^Pier$/);

    // checked out: the stop is only today's again
    FakeEventSource.latest().open();
    FakeEventSource.latest().sendState({ ...LIVE_AT_PARK, live: false, place: null, status: null });
    expect(await within(card('Park')).findByText('Today')).toBeInTheDocument();
    expect(screen.queryByText('Here now')).not.toBeInTheDocument();
  });

  it("lists the stop of the shop's today to a visitor whose day has already turned (UTC at 1 AM, the cart serving in Chicago), and not yesterday's", async () => {
    // 1 AM UTC on June 11 is 8 PM on June 10 in Chicago, where the cart serves until 9 PM.
    jest.useFakeTimers({
      now: new Date('2026-06-11T01:00:00Z'),
      doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'nextTick', 'setImmediate', 'clearImmediate'],
    });
    try {
      const evening = { ...stop(6, 'Evening Market', 0), date: '2026-06-10T17:00:00.000Z', startTime: '17:00', endTime: '21:00' };
      const yesterday = { ...stop(7, 'Old Fair', 0), date: '2026-06-09T17:00:00.000Z' };
      const friday = { ...stop(8, 'Friday Pier', 0), date: '2026-06-12T17:00:00.000Z' };
      serve({ ...LIVE_AT_PARK, place: { ...LIVE_AT_PARK.place, stopId: 6 } }, [yesterday, evening, friday]);
      renderWithProviders(<UpcomingLocations />);
      expect(await screen.findByText('Here now')).toBeInTheDocument();
      expect(card('Evening Market')).toHaveTextContent(/^Evening MarketHere now$/);
      expect(card('Friday Pier')).toBeInTheDocument();
      expect(screen.queryByText(/Old Fair/)).not.toBeInTheDocument();
      // asked from a day ago, so the Chicago evening's stop is in the answer
      const asked = (global.fetch as jest.Mock).mock.calls.map(([url]) => String(url)).find((url) => url.startsWith('/api/events?from='));
      expect(decodeURIComponent(asked!.split('from=')[1])).toBe('2026-06-10T01:00:00.000Z');
    } finally {
      jest.useRealTimers();
    }
  });
  it('links “Order ahead” on a stop that takes orders, to its own page', async () => {
    serve({ ...LIVE_AT_PARK, live: false, place: null, status: null }, [{ ...stop(3, 'Park', 0), takesOrders: true }, stop(5, 'Pier', 2)]);
    renderWithProviders(<UpcomingLocations />);
    const park = (await screen.findByRole('heading', { level: 3, name: /^Park/ })).closest('li')!;
    expect(within(park).getByRole('link', { name: 'Order ahead at Park place' })).toHaveAttribute('href', '/stops/3');
    expect(within(card('Pier').closest('li')!).queryByRole('link', { name: /Order ahead/ })).toBeNull();
  });
});
