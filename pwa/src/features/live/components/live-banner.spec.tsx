import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { fakeResponse, mockFetch, renderWithProviders, testQueryClient } from '../../../test/render';
import { FakeEventSource, LIVE_AT_PARK, NOT_LIVE, uninstallFakeEventSource, withFakeLiveStream } from '../test/fake-event-source';
import { LiveBanner } from './live-banner';

const status = () => screen.getByRole('status');

describe('LiveBanner', () => {
  withFakeLiveStream();
  afterEach(() => jest.restoreAllMocks());

  it('says where the cart is serving and what sold out, from GET /api/live, in a polite status region', async () => {
    mockFetch({ 'GET /api/live': { body: { ...LIVE_AT_PARK, soldOut: ['Iced Mocha', 'Churros'] } } });
    const onViewOnMap = jest.fn();
    renderWithProviders(<LiveBanner onViewOnMap={onViewOnMap} />);
    expect(await screen.findByText('Serving now at Millennium Park')).toBeInTheDocument();
    expect(status()).toHaveAttribute('aria-live', 'polite');
    expect(status()).toHaveTextContent('Serving now at Millennium ParkSold out of Iced Mocha and Churros');
    expect(status()).not.toHaveTextContent(/as of/);
    fireEvent.click(screen.getByRole('button', { name: 'View on map' }));
    expect(onViewOnMap).toHaveBeenCalledTimes(1);
    // one stream for the tab, on the public path
    expect(FakeEventSource.instances.map((s) => s.url)).toEqual(['/api/live/stream']);
  });

  it('shows nothing (an empty status region) while the cart is not out', async () => {
    const { calls } = mockFetch({ 'GET /api/live': { body: NOT_LIVE } });
    renderWithProviders(<LiveBanner onViewOnMap={() => undefined} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(() => Promise.resolve());
    expect(status()).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: 'View on map' })).not.toBeInTheDocument();
  });

  it('replaces the state with each update over the stream, without asking again, and clears it on check-out', async () => {
    const { calls } = mockFetch({ 'GET /api/live': { body: LIVE_AT_PARK } });
    renderWithProviders(<LiveBanner />);
    expect(await screen.findByText('Serving now at Millennium Park')).toBeInTheDocument();
    const stream = FakeEventSource.latest();
    stream.open();
    stream.sendState({ ...LIVE_AT_PARK, status: 'late', minutes: 15, soldOut: ['Iced Mocha'], updatedAt: '2026-07-04T19:40:00.000Z' });
    expect(await screen.findByText('Running 15 minutes late at Millennium Park')).toBeInTheDocument();
    expect(screen.getByText('Sold out of Iced Mocha')).toBeInTheDocument();
    expect(screen.queryByText('Serving now at Millennium Park')).not.toBeInTheDocument();
    // a message that is not a live state is ignored
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    stream.sendState({ live: 'yes' });
    stream.sendState('not json');
    await act(() => Promise.resolve());
    expect(screen.getByText('Running 15 minutes late at Millennium Park')).toBeInTheDocument();
    stream.sendState(NOT_LIVE);
    await waitFor(() => expect(status()).toBeEmptyDOMElement());
    expect(calls.filter((c) => c.url === '/api/live')).toHaveLength(1);
    // the last state heard is kept on the device
    expect(JSON.parse(localStorage.getItem('cocoa.live') ?? '{}').state).toEqual(NOT_LIVE);
  });

  it("offline, shows the last state heard on this device with its time ('as of 2:41 PM')", async () => {
    localStorage.setItem('cocoa.live', JSON.stringify({ state: { ...LIVE_AT_PARK, soldOut: ['Iced Mocha'] }, heardAt: '2026-07-04T19:41:00.000Z' }));
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderWithProviders(<LiveBanner />);
    expect(await screen.findByText('Serving now at Millennium Park')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Sold out of Iced Mocha');
    // the shop's clock (Chicago), with its zone's name when the viewer's clock differs
    expect(status()).toHaveTextContent(/as of 2:41 PM( CDT)?$/);
    // offline, no connection is even tried
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('shows nothing offline when no state was ever heard', async () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchMock = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    global.fetch = fetchMock;
    renderWithProviders(<LiveBanner />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(() => Promise.resolve());
    expect(status()).toBeEmptyDOMElement();
  });

  it("says 'as of' when the stream is lost while online, and not once it is back", async () => {
    mockFetch({ 'GET /api/live': { body: LIVE_AT_PARK } });
    renderWithProviders(<LiveBanner />);
    await screen.findByText('Serving now at Millennium Park');
    const stream = FakeEventSource.latest();
    stream.open();
    stream.fail();
    expect(await screen.findByText(/^as of /)).toBeInTheDocument();
    // the browser reconnected by itself
    stream.open();
    await waitFor(() => expect(screen.queryByText(/^as of /)).not.toBeInTheDocument());
  });

  it('keeps one connection per tab for every view, closes it when none is left, and reconnects after the browser gives up', async () => {
    mockFetch({ 'GET /api/live': { body: LIVE_AT_PARK } });
    const client = testQueryClient();
    const view = (
      <QueryClientProvider client={client}>
        <LiveBanner />
        <LiveBanner />
      </QueryClientProvider>
    );
    const { unmount } = render(view);
    expect(await screen.findAllByText('Serving now at Millennium Park')).toHaveLength(2);
    expect(FakeEventSource.instances).toHaveLength(1);
    const first = FakeEventSource.latest();
    first.open();

    // The browser gave up (CLOSED): a new connection after a delay, not at once.
    first.fail(true);
    expect(FakeEventSource.instances).toHaveLength(1);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2), { timeout: 2500 });
    const second = FakeEventSource.latest();
    second.fail(true);
    // Back online: at once.
    act(() => void window.dispatchEvent(new Event('online')));
    expect(FakeEventSource.instances).toHaveLength(3);
    const third = FakeEventSource.latest();
    third.open();
    third.sendState({ ...LIVE_AT_PARK, status: 'closed', updatedAt: '2026-07-04T22:00:00.000Z' });
    expect(await screen.findAllByText('Closed for today')).toHaveLength(2);

    unmount();
    expect(third.readyState).toBe(FakeEventSource.OPEN); // kept a moment for the next page
    await waitFor(() => expect(third.readyState).toBe(FakeEventSource.CLOSED), { timeout: 2500 });
    expect(FakeEventSource.openOnes()).toHaveLength(0);
  });

  it('works from GET /api/live alone where the browser has no EventSource', async () => {
    uninstallFakeEventSource();
    mockFetch({ 'GET /api/live': { body: LIVE_AT_PARK } });
    renderWithProviders(<LiveBanner />);
    expect(await screen.findByText('Serving now at Millennium Park')).toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('online')));
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText('Serving now at Millennium Park')).toBeInTheDocument();
  });

  it('an older answer of GET /api/live does not replace a newer state from the stream', async () => {
    let answer: (r: Response) => void = () => undefined;
    mockFetch({ 'GET /api/live': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithProviders(<LiveBanner />);
    const stream = FakeEventSource.latest();
    stream.open();
    stream.sendState({ ...LIVE_AT_PARK, status: 'late', minutes: 10, updatedAt: '2026-07-04T19:50:00.000Z' });
    expect(await screen.findByText('Running 10 minutes late at Millennium Park')).toBeInTheDocument();
    await act(async () => answer(fakeResponse(200, LIVE_AT_PARK)));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByText('Running 10 minutes late at Millennium Park')).toBeInTheDocument();
  });
});
