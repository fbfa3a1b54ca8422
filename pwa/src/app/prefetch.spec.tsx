import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { dayKey, FIRST_SCREEN_DATA_ID, localTimeZone, type ScheduledEvent } from '@cocoa/shared-types';
import { categories, liveState, mapConfig, products, stopPickup } from '../test/fixtures';
import { mockFetch, testQueryClient } from '../test/render';
import { NOT_LIVE } from '../features/live/test/fake-event-source';
import { prepareLanding } from './prefetch';
import { AppRoutes } from './router';

// Leaflet and react-leaflet ship ES modules only; what matters here is what the first render has.
jest.mock('../features/tracker/components/tracker-map', () => ({ __esModule: true, default: () => <div data-testid="tracker-map" /> }));

/** Lands on `path` as start.tsx does; `serverRendered`: the root holds the server's rendering of the app. */
const land = (client: ReturnType<typeof testQueryClient>, path: string, serverRendered = true) => prepareLanding(client, path, serverRendered).ready;

function renderRoute(client: ReturnType<typeof testQueryClient>, route: string) {
  // a synchronous act: nothing that waits for a promise (a lazy chunk) can finish inside it
  act(() => {
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <AppRoutes />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
}

function addDataBlock(data: unknown) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_SCREEN_DATA_ID;
  block.textContent = JSON.stringify(data);
  document.body.append(block);
}

/**
 * Lands on `route` with the page's data block in the page, as the server sends it, and renders the
 * app there: the first render has no page spinner. Answers the calls the app made.
 */
async function landWithData(data: unknown, route: string) {
  addDataBlock(data);
  const { calls } = mockFetch({});
  const client = testQueryClient();
  await land(client, route);
  renderRoute(client, route);
  expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
  return { calls, client };
}

describe('landing on a page the server paints a first screen for (its data block is in the page)', () => {
  afterEach(() => document.getElementById(FIRST_SCREEN_DATA_ID)?.remove());

  it('renders the list in the first render: no page spinner, no placeholders, no catalogue call', async () => {
    const { calls } = await landWithData({ page: 'products', products, categories }, '/products');
    expect(screen.queryByLabelText('Loading products')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hot Cocoa' })).toBeInTheDocument();
    expect(screen.getByText('Peppermint Cocoa')).toBeInTheDocument();
    expect(screen.getByText('Price unavailable')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/square/catalog'))).toEqual([]);
  });

  it("the tracker: today's stops in the first render, without calling /api/events", async () => {
    const now = new Date();
    const today = dayKey(now);
    const stop = {
      id: 1,
      title: 'Farmers Market',
      location: 'Daley Plaza',
      address: 'Chicago',
      description: null,
      date: new Date(now.getFullYear(), now.getMonth(), now.getDate(), 12).toISOString(),
      timeZone: localTimeZone(),
      startTime: '09:00',
      endTime: '13:00',
      latitude: null,
      longitude: null,
    } as unknown as ScheduledEvent;
    const { calls, client } = await landWithData(
      {
        page: 'tracker',
        timeZone: localTimeZone(),
        today,
        fetchedAt: now.toISOString(),
        live: liveState(null),
        monthEvents: [stop],
        events: [stop],
        mapConfig,
      },
      '/cocoa-tracker',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Live Cocoa Tracker' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Farmers Market' })).toBeInTheDocument();
    expect(screen.queryByText('Loading events...')).not.toBeInTheDocument();
    // the stops' lists, the cart's state and the map's tile settings come with the page
    expect(calls.filter((c) => /^\/api\/(events(\?|$)|live$|events\/map-config$)/.test(c.url))).toEqual([]);
    // the tracker's block is only read on the tracker
    expect(client.getQueryData(['catalog', 'products'])).toBeUndefined();
    // with its tile settings in the block, the map comes without a call (here at once: no IntersectionObserver in this test's DOM)
    expect(await screen.findByTestId('tracker-map')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/events/map-config')).toEqual([]);
  });

  it("a stop's page: the stop, its menu and its times in the first render, without calling GET /api/stops/{id}/pickup", async () => {
    const { calls } = await landWithData({ page: 'stop', ...stopPickup() }, '/stops/12');
    expect(screen.queryByLabelText('Loading the stop')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Millennium Park' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Classic Hot Cocoa' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iced Mocha: sold out' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /^10:00 AM/ })).toBeChecked();
    await act(async () => undefined);
    expect(calls.filter((c) => c.url.startsWith('/api/stops/'))).toEqual([]);
  });

  it("rendering the page itself (the service worker's shell: no data block), the calls it makes as it mounts are made with its chunk, and not again by its first render", async () => {
    const now = new Date();
    const month = dayKey(now).slice(0, 7);
    const notLive = { ...NOT_LIVE, updatedAt: now.toISOString() };
    const { calls } = mockFetch({ 'GET /api/booking/packages': { body: [] }, 'GET /api/live': { body: notLive } });
    const client = testQueryClient();
    await land(client, '/events', false);
    const asked = (pattern: RegExp) => calls.filter((c) => pattern.test(c.url)).length;
    // the booking form's packages and this month's open days (the form would ask for the second only once the first is in), and the cart's state
    expect(asked(/^\/api\/booking\/packages$/)).toBe(1);
    expect(asked(new RegExp(`^/api/booking/availability\\?month=${month}$`))).toBe(1);
    expect(asked(/^\/api\/live$/)).toBe(1);
    renderRoute(client, '/events');
    expect(screen.getByRole('heading', { level: 1, name: 'Cocoa for Your Event' })).toBeInTheDocument();
    // the page's first render does not ask again
    expect(asked(/^\/api\/booking\/packages$/)).toBe(1);
    expect(asked(/^\/api\/live$/)).toBe(1);
  });

  it("hydrating the server's first screen, the first render asks for nothing: it must render what the server did, from the data block alone", async () => {
    addDataBlock({
      page: 'tracker',
      timeZone: localTimeZone(),
      today: dayKey(new Date()),
      fetchedAt: new Date().toISOString(),
      live: liveState(null),
      monthEvents: [],
      events: [],
      mapConfig,
    });
    const { calls } = mockFetch({});
    const landing = prepareLanding(testQueryClient(), '/cocoa-tracker', true);
    expect(landing.hydrate).toBe(true);
    await landing.ready;
    expect(calls).toEqual([]);
  });

  it('the server rendered the app but its data block is missing or unreadable: the app renders the page itself, and asks for its data', async () => {
    const { calls } = mockFetch({
      'GET /api/live': () => new Promise<Response>(() => undefined),
      'GET /api/events/map-config': () => new Promise<Response>(() => undefined),
    });
    const landing = prepareLanding(testQueryClient(), '/cocoa-tracker', true);
    expect(landing.hydrate).toBe(false);
    await landing.ready;
    expect(calls.map((c) => c.url).sort()).toEqual(['/api/events/map-config', '/api/live']);
  });

  it("on the service worker's shell (no painted page: offline, a returning visitor) the first render does not wait for those calls", async () => {
    // no data block: the shell
    const { calls } = mockFetch({
      'GET /api/live': () => new Promise<Response>(() => undefined),
      'GET /api/events/map-config': () => new Promise<Response>(() => undefined),
    });
    jest.useFakeTimers();
    try {
      let ready = false;
      const landing = land(testQueryClient(), '/cocoa-tracker', false).then(() => (ready = true));
      await jest.advanceTimersByTimeAsync(0);
      await landing;
      expect(ready).toBe(true);
      // made all the same, for the render to show when they are answered
      expect(calls.map((c) => c.url).sort()).toEqual(['/api/events/map-config', '/api/live']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a block of another page is not used', async () => {
    addDataBlock({ page: 'products', products, categories });
    mockFetch({});
    const client = testQueryClient();
    await land(client, '/cocoa-tracker');
    expect(client.getQueryData(['catalog', 'products'])).toBeUndefined();
  });

  it('other landing pages leave the block and the cache alone', async () => {
    addDataBlock({ page: 'products', products, categories });
    const client = testQueryClient();
    await land(client, '/products/classic-hot-cocoa');
    await land(client, '/');
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
