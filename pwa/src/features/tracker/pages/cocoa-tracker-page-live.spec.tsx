import { act, fireEvent, screen, within } from '@testing-library/react';

import { fakeResponse, renderWithProviders } from '../../../test/render';
import {
  FakeEventSource,
  installFakeEventSource,
  LIVE_AT_PARK,
  NOT_LIVE,
  releaseLiveStream,
  uninstallFakeEventSource,
} from '../../live/test/fake-event-source';
import CocoaTrackerPage from './cocoa-tracker-page';
import { scheduledStop } from '../../../test/fixtures';

// Leaflet ships ES modules only: the map double shows what the page hands it (the live marker, the view).
jest.mock('../components/tracker-map', () => ({
  __esModule: true,
  default: ({
    live,
    view,
  }: {
    live?: { latitude: number; longitude: number; label: string; headline: string } | null;
    view: { center: [number, number]; zoom: number };
  }) => (
    <div data-testid="tracker-map" data-center={view.center.join(',')} data-zoom={view.zoom}>
      {live ? `live marker ${live.label} ${live.latitude},${live.longitude}: ${live.headline}` : 'no live marker'}
    </div>
  ),
}));

const now = new Date();
const stop = scheduledStop({
  id: 3,
  title: 'Cocoa at the Park',
  location: 'Millennium Park',
  date: new Date(now.getFullYear(), now.getMonth(), now.getDate(), 12).toISOString(),
  startTime: '11:00',
  endTime: '17:00',
  latitude: 41.88,
  longitude: -87.62,
});

function serve(live: unknown) {
  global.fetch = jest.fn(async (url: string) => {
    if (url === '/api/live') return fakeResponse(200, live);
    if (url.startsWith('/api/events?')) return { ...fakeResponse(200, [stop]), headers: new Headers({ date: new Date().toUTCString() }) };
    if (url === '/api/events/map-config') return fakeResponse(200, { tileUrl: 'http://tiles.test/{z}/{x}/{y}.png', attribution: '© test', maxZoom: 19 });
    return fakeResponse(404, { message: 'Not Found' });
  }) as unknown as typeof fetch;
}

describe('CocoaTrackerPage, live', () => {
  beforeEach(() => {
    localStorage.clear();
    installFakeEventSource();
    Element.prototype.scrollIntoView = () => undefined;
  });
  afterEach(async () => {
    await releaseLiveStream();
    uninstallFakeEventSource();
  });

  it("shows 'Serving now at …' above the calendar, a live marker on the map, and View on map centres it", async () => {
    serve({ ...LIVE_AT_PARK, soldOut: ['Iced Mocha'] });
    renderWithProviders(<CocoaTrackerPage />);
    const banner = (await screen.findByText('Serving now at Millennium Park')).closest('[role="status"]') as HTMLElement;
    expect(banner).toHaveAttribute('aria-live', 'polite');
    expect(within(banner).getByText('Sold out of Iced Mocha')).toBeInTheDocument();
    // above the calendar
    const calendar = screen.getByRole('button', { name: 'Next month' });
    expect(banner.compareDocumentPosition(calendar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'View on map' }));
    const map = await screen.findByTestId('tracker-map');
    expect(map).toHaveTextContent('live marker Millennium Park 41.8826,-87.6226: Serving now at Millennium Park');
    expect(map).toHaveAttribute('data-center', '41.8826,-87.6226');
    expect(map).toHaveAttribute('data-zoom', '15');

    // checked out over the stream: the banner and the marker go
    FakeEventSource.latest().open();
    FakeEventSource.latest().sendState(NOT_LIVE);
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(banner).toBeEmptyDOMElement();
    expect(screen.getByTestId('tracker-map')).toHaveTextContent('no live marker');
    expect(screen.queryByRole('button', { name: 'View on map' })).not.toBeInTheDocument();
  });

  it('offers no View on map, and puts no marker, for a place without a position', async () => {
    serve({ ...LIVE_AT_PARK, place: { ...LIVE_AT_PARK.place, latitude: null, longitude: null } });
    renderWithProviders(<CocoaTrackerPage />);
    expect(await screen.findByText('Serving now at Millennium Park')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View on map' })).not.toBeInTheDocument();
    // the stop's own View on Map still works
    fireEvent.click(await screen.findByRole('button', { name: 'View on Map' }));
    expect(await screen.findByTestId('tracker-map')).toHaveTextContent('no live marker');
  });
});
