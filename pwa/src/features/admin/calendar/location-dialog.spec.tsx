import { noonOf } from '@cocoa/shared-types';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeResponse, mockFetch, renderWithProviders, renderWithToasts } from '../../../test/render';
import { useToastStore } from '../../../ui/toast-store';
import { LocationDialog } from './location-dialog';
import { scheduledStop } from '../../../test/fixtures';
import { fill, fillIn } from '../../../test/form';

function deferred() {
  let resolve!: (r: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

const fillForm = () => {
  fillIn({
    Title: 'Farmers Market',
    'Location name': 'Town Square',
    'Full address': '1 Main St, Springfield',
    Date: '2026-12-24',
    'Start time (optional)': '09:30',
  });
};

describe('LocationDialog', () => {
  it("geocodes first ('Geocoding...'), then adds ('Adding...') with the date at noon local time", async () => {
    const geocode = deferred();
    const save = deferred();
    const { calls } = mockFetch({
      'GET /api/geocode?address=1%20Main%20St%2C%20Springfield': () => geocode.promise,
      'POST /api/events': () => save.promise,
    });
    const onClose = jest.fn();
    renderWithToasts(<LocationDialog onClose={onClose} />);
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add Location' }));
    expect(await screen.findByRole('button', { name: 'Geocoding...' })).toBeDisabled();
    geocode.resolve(fakeResponse(200, { lat: 39.8, lng: -89.6 }));
    expect(await screen.findByRole('button', { name: 'Adding...' })).toBeDisabled();
    save.resolve(fakeResponse(201, { id: 7 }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Location added')).toBeInTheDocument();

    const body = calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>;
    const date = new Date(String(body.date));
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()]).toEqual([2026, 11, 24, 12, 0]);
    expect(body).toMatchObject({
      title: 'Farmers Market',
      location: 'Town Square',
      address: '1 Main St, Springfield',
      startTime: '09:30',
      endTime: null,
      description: null,
      latitude: 39.8,
      longitude: -89.6,
    });
  });

  it("shows 'Updating...' and PUTs when editing", async () => {
    const save = deferred();
    const { calls } = mockFetch({ 'PUT /api/events/5': () => save.promise });
    // A stop of a shop in Auckland, edited from a tablet in whatever zone this test runs in: the day is the shop's.
    const event = scheduledStop({
      id: 5,
      title: 'Fair',
      location: 'Park',
      address: '2 Oak Ave',
      date: noonOf('2026-12-01', 'Pacific/Auckland').toISOString(),
      startTime: null,
      endTime: null,
      latitude: 40,
      longitude: -90,
      timeZone: 'Pacific/Auckland',
    });
    renderWithProviders(<LocationDialog event={event} onClose={() => undefined} />);
    expect(screen.getByLabelText('Date')).toHaveValue('2026-12-01');
    fireEvent.click(screen.getByRole('button', { name: 'Update Location' }));
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
    save.resolve(fakeResponse(200, event));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/events/5')).toBe(true));
    expect((calls.find((c) => c.method === 'PUT')!.body as { date: string }).date).toBe(noonOf('2026-12-01', 'Pacific/Auckland').toISOString());
  });

  it("sends a new stop's day as noon in the shop's zone from Settings, not the tablet's", async () => {
    const { calls } = mockFetch({
      'GET /api/geocode?address=1%20Main%20St%2C%20Springfield': { body: { lat: 39.8, lng: -89.6 } },
      'POST /api/events': { status: 201, body: { id: 8 } },
    });
    const onClose = jest.fn();
    renderWithProviders(<LocationDialog timeZone="Pacific/Auckland" onClose={onClose} />);
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add Location' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((calls.find((c) => c.method === 'POST')!.body as { date: string }).date).toBe('2026-12-23T23:00:00.000Z');
  });

  it('geocoding failure opens the coordinates section with the reason, once, and sends nothing (no doubled toast)', async () => {
    const { calls } = mockFetch({ 'GET /api/geocode?address=1%20Main%20St%2C%20Springfield': { status: 404, body: { message: 'Failed to geocode address' } } });
    renderWithToasts(<LocationDialog onClose={() => undefined} />);
    const section = screen.getByText('Coordinates (optional: found from the address when empty)').closest('details')!;
    expect(section).not.toHaveAttribute('open');
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add Location' }));
    const hint = await screen.findByRole('alert');
    expect(hint).toHaveTextContent('Failed to geocode address');
    expect(hint).toHaveTextContent('The address could not be found on the map. Check it, or enter the latitude and longitude below.');
    expect(screen.getAllByText('Failed to geocode address')).toHaveLength(1);
    expect(section).toHaveAttribute('open');
    await waitFor(() => expect(screen.getByLabelText('Latitude')).toHaveFocus());
    expect(useToastStore.getState().current).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Location' })).toBeEnabled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // The owner types the coordinates the hint asks for: saved without asking the geocoder again.
    mockFetch({ 'POST /api/events': { status: 201, body: { id: 2 } } });
    fill('Latitude', '39.8');
    fill('Longitude', '-89.6');
    fireEvent.click(screen.getByRole('button', { name: 'Add Location' }));
    expect(await screen.findByText('Location added')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("geocoding offline says offline and names the server's reason otherwise", async () => {
    const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { unmount } = renderWithProviders(<LocationDialog onClose={() => undefined} />);
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add Location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are offline, so the address could not be looked up. Enter the latitude and longitude below, then save.',
    );
    online.mockRestore();
    unmount();

    mockFetch({ 'GET /api/geocode?address=1%20Main%20St%2C%20Springfield': { status: 502, body: { message: 'The geocoder did not answer' } } });
    renderWithProviders(<LocationDialog onClose={() => undefined} />);
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add Location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The address could not be found on the map (The geocoder did not answer).');
  });

  it("says 'Failed to add location' when the save fails", async () => {
    mockFetch({
      'GET /api/geocode?address=1%20Main%20St%2C%20Springfield': { body: { lat: 1, lng: 2 } },
      'POST /api/events': { status: 500, body: { message: 'Database down' } },
    });
    renderWithToasts(<LocationDialog onClose={() => undefined} />);
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add Location' }));
    expect(await screen.findByText('Failed to add location')).toBeInTheDocument();
    expect(screen.getByText('Database down')).toBeInTheDocument();
  });

  it('uses coordinates typed by hand without geocoding', async () => {
    const { calls } = mockFetch({ 'POST /api/events': { status: 201, body: { id: 1 } } });
    renderWithProviders(<LocationDialog onClose={() => undefined} />);
    fillForm();
    fill('Latitude', '41.5');
    fill('Longitude', '-87.25');
    fireEvent.click(screen.getByRole('button', { name: 'Add Location' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ latitude: 41.5, longitude: -87.25 }));
    expect(calls.some((c) => c.url.startsWith('/api/geocode'))).toBe(false);
  });

  it('requires title, location name, full address and date (shared schema messages)', async () => {
    const { fn } = mockFetch({});
    renderWithProviders(<LocationDialog onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Location' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Location name is required')).toBeInTheDocument();
    expect(screen.getByText('Full address is required')).toBeInTheDocument();
    expect(screen.getByText('Date is required')).toBeInTheDocument();
    expect(fn).not.toHaveBeenCalled();
  });

  describe('editing keeps the stored coordinates', () => {
    // A stop the owner placed by hand: the pin is on the market's gate, not where a geocoder puts the street.
    const stop = scheduledStop({
      id: 9,
      title: 'Fair',
      location: 'Park',
      address: '2 Oak Ave',
      date: noonOf('2026-12-01', 'America/Chicago').toISOString(),
      endTime: null,
      latitude: 41.5,
      longitude: -87.25,
      timeZone: 'America/Chicago',
    });

    it('opens with the stored latitude and longitude and saves them without geocoding (so an edit works offline of the geocoder)', async () => {
      const { calls } = mockFetch({ 'PUT /api/events/9': { body: stop } });
      const onClose = jest.fn();
      renderWithProviders(<LocationDialog event={stop} onClose={onClose} />);
      expect(screen.getByLabelText('Latitude')).toHaveValue(41.5);
      expect(screen.getByLabelText('Longitude')).toHaveValue(-87.25);
      fill('Start time (optional)', '10:00');
      fill('Full address', '  2 oak   ave ');
      fireEvent.click(screen.getByRole('button', { name: 'Update Location' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(calls.some((c) => c.url.startsWith('/api/geocode'))).toBe(false);
      expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ startTime: '10:00', latitude: 41.5, longitude: -87.25 });
    });

    it('geocodes again when the address changed and the coordinates were left as stored', async () => {
      const { calls } = mockFetch({
        'GET /api/geocode?address=9%20Elm%20St': { body: { lat: 40.1, lng: -88.2 } },
        'PUT /api/events/9': { body: stop },
      });
      const onClose = jest.fn();
      renderWithProviders(<LocationDialog event={stop} onClose={onClose} />);
      fill('Full address', '9 Elm St');
      fireEvent.click(screen.getByRole('button', { name: 'Update Location' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ address: '9 Elm St', latitude: 40.1, longitude: -88.2 });
    });

    it('a new address the geocoder cannot place: the hint offers the coordinates shown, and saving again keeps them', async () => {
      const { calls } = mockFetch({
        'GET /api/geocode?address=Gate%203%2C%20County%20Fairground': { status: 404, body: { message: 'Failed to geocode address' } },
        'PUT /api/events/9': { body: stop },
      });
      const onClose = jest.fn();
      renderWithProviders(<LocationDialog event={stop} onClose={onClose} />);
      fill('Full address', 'Gate 3, County Fairground');
      fireEvent.click(screen.getByRole('button', { name: 'Update Location' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Check it, or enter the latitude and longitude below. Saving again keeps the coordinates shown.',
      );
      fireEvent.click(screen.getByRole('button', { name: 'Update Location' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(calls.filter((c) => c.url.startsWith('/api/geocode'))).toHaveLength(1);
      expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ address: 'Gate 3, County Fairground', latitude: 41.5, longitude: -87.25 });
    });

    it('never replaces coordinates the owner typed, even with a new address', async () => {
      const { calls } = mockFetch({ 'PUT /api/events/9': { body: stop } });
      const onClose = jest.fn();
      renderWithProviders(<LocationDialog event={stop} onClose={onClose} />);
      fillIn({ 'Full address': '9 Elm St', Latitude: '40.75', Longitude: '-88' });
      fireEvent.click(screen.getByRole('button', { name: 'Update Location' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(calls.some((c) => c.url.startsWith('/api/geocode'))).toBe(false);
      expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ address: '9 Elm St', latitude: 40.75, longitude: -88 });
    });
  });
});
