import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dayIn, type LiveHistoryEntry, type LiveState, PICKUP_SETTINGS_DEFAULTS, type PickupQueueOrder, startOfDayIn } from '@cocoa/shared-types';
import { fakeResponse, renderWithToasts } from '../../../test/render';
import { products } from '../../../test/fixtures';
import { useToastStore } from '../../../ui/toast-store';
import { installFakeEventSource, LIVE_AT_PARK, NOT_LIVE, releaseLiveStream, TODAY_STOP, uninstallFakeEventSource } from '../../live/test/fake-event-source';
import { pickupQueueOrder } from '../test/pickup-orders';
import { GEO_TEXTS } from './live-tab-check-in';
import { LiveTab } from './live-tab';
import { useNewPickupOrders } from './new-pickup-orders';

const ZONE = 'America/Chicago';
const STOP = TODAY_STOP;
const HISTORY: LiveHistoryEntry[] = [
  { id: 2, at: '2026-07-04T19:45:00.000Z', actor: 'admin:olive', type: 'sold-out', label: null, minutes: null, product: 'Iced Mocha' },
  { id: 1, at: '2026-07-04T19:00:00.000Z', actor: 'admin:olive', type: 'check-in', label: 'Millennium Park', minutes: null, product: null },
];

/** A small stand-in for the API: it keeps the state, applies the changes posted and records every call. */
function serveApi(
  start: LiveState,
  options: {
    failStatus?: { status: number; message: string };
    geocode?: { status: number; body: unknown };
    liveDown?: boolean;
    pickupOrders?: PickupQueueOrder[];
  } = {},
) {
  let current = start;
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  // today's stops, asked for by the shop's days
  const today = dayIn(new Date(), ZONE);
  const tomorrow = dayIn(startOfDayIn(new Date(), ZONE, 1), ZONE);
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const key = `${method} ${url}`;
    if (key === 'GET /api/live') return options.liveDown ? fakeResponse(503, { message: 'Unavailable' }) : fakeResponse(200, current);
    if (key === `GET /api/events?from=${today}&to=${tomorrow}`) return fakeResponse(200, [STOP]);
    if (key === 'GET /api/admin/live/history') return fakeResponse(200, HISTORY);
    if (key === 'GET /api/admin/pickup/settings') return fakeResponse(200, PICKUP_SETTINGS_DEFAULTS);
    if (key === `GET /api/admin/pickup/orders?date=${today}`) return fakeResponse(200, options.pickupOrders ?? []);
    if (key === 'GET /api/products?limit=26&offset=0') return fakeResponse(200, [...products, { ...products[0], id: 9, name: 'Iced Mocha' }]);
    if (key.startsWith('GET /api/admin/live/reverse-geocode?'))
      return fakeResponse(options.geocode?.status ?? 200, options.geocode?.body ?? { label: 'Millennium Park', address: '201 E Randolph St' });
    if (key === 'POST /api/admin/live/check-in') {
      current = body.stopId
        ? {
            ...LIVE_AT_PARK,
            place: { stopId: STOP.id, label: STOP.location as string, address: STOP.address, latitude: STOP.latitude, longitude: STOP.longitude },
          }
        : { ...LIVE_AT_PARK, place: { stopId: null, address: null, ...body.place } };
      return fakeResponse(200, current);
    }
    if (key === 'POST /api/admin/live/status') {
      if (options.failStatus) return fakeResponse(options.failStatus.status, { message: options.failStatus.message });
      if (body.status === 'sold-out') current = { ...current, soldOut: [...current.soldOut, body.product] };
      else if (body.status === 'back-in-stock') current = { ...current, soldOut: current.soldOut.filter((p) => p !== body.product) };
      else current = { ...current, status: body.status, minutes: body.minutes ?? null };
      return fakeResponse(200, current);
    }
    if (key === 'POST /api/admin/live/check-out') {
      current = NOT_LIVE;
      return fakeResponse(200, current);
    }
    return fakeResponse(404, { message: 'Not Found' });
  }) as unknown as typeof fetch;
  return { posts: () => calls.filter((c) => c.method === 'POST').map(({ url, body }) => ({ url, body })) };
}

function renderTab() {
  return renderWithToasts(<LiveTab />);
}

const toastTitle = () => useToastStore.getState().current?.title;
/** What the owner's 'Visitors see' card says. */
const visitorsSee = () => within(screen.getByRole('region', { name: 'Visitors see' }));

function mockGeolocation(impl: (ok: PositionCallback, fail: PositionErrorCallback) => void) {
  const getCurrentPosition = jest.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => impl(ok, fail as PositionErrorCallback));
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  return getCurrentPosition;
}
const position = (latitude: number, longitude: number) => ({ coords: { latitude, longitude, accuracy: 12 } }) as GeolocationPosition;

describe('LiveTab', () => {
  beforeEach(() => {
    localStorage.clear();
    installFakeEventSource();
    useToastStore.setState({ current: null });
    useNewPickupOrders.setState({ seen: null, fresh: [] });
  });
  afterEach(async () => {
    await releaseLiveStream();
    uninstallFakeEventSource();
    delete (navigator as { geolocation?: unknown }).geolocation;
  });

  it("checks in at one of today's stops with { stopId }, then shows what visitors see and a toast", async () => {
    const api = serveApi(NOT_LIVE);
    renderTab();
    expect(await screen.findByRole('heading', { name: "You're not checked in" })).toBeInTheDocument();
    const here = screen.getByRole('button', { name: "We're here" });
    expect(here).toBeDisabled();
    fireEvent.click(await screen.findByRole('radio', { name: /Farmers Market/ }));
    expect(screen.getByRole('radio', { name: /Farmers Market/ })).toHaveAccessibleName(/Union Square · 9:00 AM - 1:00 PM/);
    fireEvent.click(here);
    await waitFor(() => expect(api.posts()).toEqual([{ url: '/api/admin/live/check-in', body: { stopId: 7 } }]));
    expect(await screen.findByRole('heading', { name: 'Visitors see' })).toBeInTheDocument();
    expect(visitorsSee().getByText('Serving now at Union Square')).toBeInTheDocument();
    expect(toastTitle()).toBe("You're checked in");
    expect(screen.getByRole('button', { name: 'Check out' })).toBeInTheDocument();
    // the history is asked again after a change
    const history = within(screen.getByRole('region', { name: 'Recent changes' }));
    expect(await history.findByText('Checked in at Millennium Park')).toBeInTheDocument();
    expect(history.getByText('Sold out of Iced Mocha')).toBeInTheDocument();
    expect(history.getAllByText(/· olive$/)).toHaveLength(2);
  });

  it("somewhere else: finds the tablet's position, names it by reverse geocoding, lets the owner edit the name, and posts { place }", async () => {
    const api = serveApi(NOT_LIVE);
    const locate = mockGeolocation((ok) => ok(position(41.8826, -87.6226)));
    renderTab();
    fireEvent.click(await screen.findByRole('radio', { name: /Somewhere else/ }));
    expect(locate).toHaveBeenCalledTimes(1);
    const name = await screen.findByLabelText('Name of the place');
    await waitFor(() => expect(name).toHaveValue('Millennium Park'));
    expect(global.fetch).toHaveBeenCalledWith('/api/admin/live/reverse-geocode?lat=41.8826&lng=-87.6226', expect.anything());
    fireEvent.change(name, { target: { value: '  Millennium Park, north gate ' } });
    fireEvent.click(screen.getByRole('button', { name: "We're here" }));
    await waitFor(() =>
      expect(api.posts()).toEqual([
        { url: '/api/admin/live/check-in', body: { place: { label: 'Millennium Park, north gate', latitude: 41.8826, longitude: -87.6226 } } },
      ]),
    );
    expect(await screen.findByRole('heading', { name: 'Visitors see' })).toBeInTheDocument();
    expect(visitorsSee().getByText('Serving now at Millennium Park, north gate')).toBeInTheDocument();
  });

  it('says clearly when location is blocked, and when the place has no name the owner types one', async () => {
    const api = serveApi(NOT_LIVE, { geocode: { status: 502, body: { message: 'Geocoder unavailable' } } });
    mockGeolocation((_ok, fail) => fail({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError));
    renderTab();
    fireEvent.click(await screen.findByRole('radio', { name: /Somewhere else/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(GEO_TEXTS.denied);
    expect(screen.getByRole('button', { name: "We're here" })).toBeDisabled();

    // allowed now: the position is found, the name is not
    mockGeolocation((ok) => ok(position(40.7128, -74.006)));
    fireEvent.click(screen.getByRole('button', { name: 'Find my position' }));
    expect(await screen.findByText(GEO_TEXTS.unnamed)).toBeInTheDocument();
    const name = screen.getByLabelText('Name of the place');
    expect(name).toHaveValue('');
    fireEvent.click(screen.getByRole('button', { name: "We're here" }));
    expect(await screen.findByText('Please name the place')).toBeInTheDocument();
    expect(api.posts()).toEqual([]);
    fireEvent.change(name, { target: { value: 'City Hall Park' } });
    fireEvent.click(screen.getByRole('button', { name: "We're here" }));
    await waitFor(() =>
      expect(api.posts()).toEqual([{ url: '/api/admin/live/check-in', body: { place: { label: 'City Hall Park', latitude: 40.7128, longitude: -74.006 } } }]),
    );
  });

  it('each status button posts its change and shows the new state', async () => {
    const api = serveApi(LIVE_AT_PARK);
    renderTab();
    expect(await screen.findByText('Serving now at Millennium Park')).toBeInTheDocument();
    expect(visitorsSee().getByText('Checked in at 2:00 PM', { exact: false })).toBeInTheDocument();
    const lastPost = () => api.posts().at(-1);

    fireEvent.change(screen.getByLabelText('How late'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Running 30 minutes late' }));
    await waitFor(() => expect(lastPost()).toEqual({ url: '/api/admin/live/status', body: { status: 'late', minutes: 30 } }));
    expect(await visitorsSee().findByText('Running 30 minutes late at Millennium Park')).toBeInTheDocument();
    expect(toastTitle()).toBe('Status updated');

    fireEvent.click(screen.getByRole('button', { name: 'Serving now' }));
    await waitFor(() => expect(lastPost()).toEqual({ url: '/api/admin/live/status', body: { status: 'serving' } }));

    fireEvent.change(screen.getByLabelText('Closing in'), { target: { value: '10' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Closing in 10 minutes' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Closing in 10 minutes' }));
    await waitFor(() => expect(lastPost()).toEqual({ url: '/api/admin/live/status', body: { status: 'closing', minutes: 10 } }));

    // sold out: a product of the catalogue, or anything typed
    const picker = screen.getByLabelText('Sold out of');
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'Iced Mocha' })).toBeInTheDocument());
    fireEvent.change(picker, { target: { value: 'Iced Mocha' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark sold out' }));
    await waitFor(() => expect(lastPost()).toEqual({ url: '/api/admin/live/status', body: { status: 'sold-out', product: 'Iced Mocha' } }));
    expect(await visitorsSee().findByText('Sold out of Iced Mocha')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Sold out of')).queryByRole('option', { name: 'Iced Mocha' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Sold out of'), { target: { value: '__other' } });
    fireEvent.change(screen.getByLabelText('What sold out'), { target: { value: 'Churros' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark sold out' }));
    await waitFor(() => expect(lastPost()).toEqual({ url: '/api/admin/live/status', body: { status: 'sold-out', product: 'Churros' } }));
    expect(await visitorsSee().findByText('Sold out of Iced Mocha and Churros')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Iced Mocha is back' }));
    await waitFor(() => expect(lastPost()).toEqual({ url: '/api/admin/live/status', body: { status: 'back-in-stock', product: 'Iced Mocha' } }));
    expect(await visitorsSee().findByText('Sold out of Churros')).toBeInTheDocument();
    expect(toastTitle()).toBe('Back in stock');

    fireEvent.click(screen.getByRole('button', { name: 'Closed for today' }));
    await waitFor(() => expect(lastPost()).toEqual({ url: '/api/admin/live/status', body: { status: 'closed' } }));
    expect(await visitorsSee().findByText('Closed for today')).toBeInTheDocument();
  });

  it("moves while checked in: We've moved opens the check-in again, which closes once moved", async () => {
    const api = serveApi({ ...LIVE_AT_PARK, soldOut: ['Iced Mocha'] });
    renderTab();
    expect(await screen.findByRole('heading', { name: 'Status at Millennium Park' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: "We've moved" }));
    expect(screen.getByRole('heading', { name: 'Where are you now?' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('radio', { name: /Farmers Market/ }));
    fireEvent.click(screen.getByRole('button', { name: "We're here" }));
    await waitFor(() => expect(api.posts()).toEqual([{ url: '/api/admin/live/check-in', body: { stopId: 7 } }]));
    expect(await screen.findByRole('heading', { name: 'Status at Union Square' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Where are you now?' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: "We've moved" })).toBeInTheDocument();
  });

  it('still offers the check-in when the current state cannot be loaded', async () => {
    serveApi(NOT_LIVE, { liveDown: true });
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('What visitors see now could not be loaded. You can still check in.');
    expect(await screen.findByRole('radio', { name: /Farmers Market/ })).toBeInTheDocument();
  });

  it('shows the error when a change is refused', async () => {
    serveApi(LIVE_AT_PARK, { failStatus: { status: 409, message: 'You are not checked in.' } });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Serving now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not checked in.');
    expect(toastTitle()).toBe('Status not changed');
  });

  it("lists today's pickup orders on the tab, by the shop's day", async () => {
    const pickupAt = new Date(startOfDayIn(new Date(), ZONE).getTime() + 12.25 * 3_600_000).toISOString();
    serveApi(LIVE_AT_PARK, {
      pickupOrders: [
        pickupQueueOrder({ id: 'o-1', code: 'ABCD', name: 'Ana', slotStart: pickupAt, stopId: STOP.id, items: [{ name: 'Iced Mocha', quantity: 1 }] }),
      ],
    });
    renderTab();
    const queue = within(screen.getByRole('region', { name: 'Pickup orders' }));
    expect(await queue.findByRole('listitem', { name: 'ABCD Ana' })).toHaveTextContent('1 × Iced Mocha');
    expect(queue.getByRole('heading', { level: 4 })).toHaveTextContent(/^12:15 PM/);
  });

  it('asks before checking out, and checks out only when confirmed', async () => {
    const api = serveApi(LIVE_AT_PARK);
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Check out' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Check out?' });
    expect(dialog).toHaveTextContent('Visitors will no longer see the cart at Millennium Park.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.posts()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Check out' }));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Check out?' })).getByRole('button', { name: 'Check out' }));
    await waitFor(() => expect(api.posts()).toEqual([{ url: '/api/admin/live/check-out', body: undefined }]));
    expect(await screen.findByRole('heading', { name: "You're not checked in" })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(toastTitle()).toBe('Checked out');
  });
});
