import { act, screen, within } from '@testing-library/react';
import { fakeResponse, renderWithProviders } from '../../../test/render';
import { categories, scheduledStop } from '../../../test/fixtures';
import EventsPage from './events-page';

const stop = scheduledStop({ id: 4, title: 'Cocoa Cart at the Farmers Market', date: new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString() });

describe('EventsPage, opened for the first time (nothing saved on this device)', () => {
  let online = true;
  beforeEach(() => jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online));
  afterEach(() => {
    online = true;
    jest.restoreAllMocks();
    jest.useRealTimers();
  });
  const section = (name: string) => screen.getByRole('region', { name });

  it("says offline instead of 'No upcoming public events yet', and lists the stops once back online", async () => {
    jest.useFakeTimers();
    online = false;
    let networkUp = false;
    global.fetch = jest.fn(async (url: string) => {
      if (!networkUp) throw new TypeError('Failed to fetch');
      if (url.startsWith('/api/events?from=')) return fakeResponse(200, [stop]);
      if (url === '/api/categories') return fakeResponse(200, categories);
      return fakeResponse(404, { message: 'Not Found' });
    }) as unknown as typeof fetch;
    renderWithProviders(<EventsPage />, { route: '/events' });

    const upcoming = () => section('Where to find us next');
    expect(await within(upcoming()).findByText("You're offline")).toBeInTheDocument();
    expect(within(upcoming()).getByText("The next stops are not saved on this device yet. They will show here when you're back online.")).toBeInTheDocument();
    expect(screen.queryByText(/No upcoming public events yet/)).not.toBeInTheDocument();
    // the menu's call is retried twice first: the fake timers skip the waits between tries
    expect(
      await within(section('What we serve')).findByText("Our menu is not saved on this device yet. It will show here when you're back online.", undefined, {
        timeout: 5000,
      }),
    ).toBeInTheDocument();

    networkUp = true;
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await within(upcoming()).findByRole('heading', { name: 'Cocoa Cart at the Farmers Market' })).toBeInTheDocument();
    expect(await within(section('What we serve')).findByRole('heading', { name: 'Hot Cocoa' })).toBeInTheDocument();
  });

  it("online, a failing server is not 'no events' either", async () => {
    global.fetch = jest.fn(async () => fakeResponse(503, { message: 'Service Unavailable' }));
    renderWithProviders(<EventsPage />, { route: '/events' });
    expect(await within(section('Where to find us next')).findByText('The next stops could not be loaded right now.')).toBeInTheDocument();
    expect(screen.queryByText(/No upcoming public events yet/)).not.toBeInTheDocument();
  });

  it("says 'No upcoming public events yet' only when the server answers an empty list", async () => {
    global.fetch = jest.fn(async (url: string) => fakeResponse(200, url === '/api/categories' ? categories : [])) as unknown as typeof fetch;
    renderWithProviders(<EventsPage />, { route: '/events' });
    expect(await screen.findByText('No upcoming public events yet. Check back soon!')).toBeInTheDocument();
  });
});
