import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dayKey } from '@cocoa/shared-types';
import { fakeResponse, mockFetch, renderWithProviders, renderWithToasts } from '../../../test/render';
import { CalendarTab } from './calendar-tab';

const STATUS = 'GET /api/events/calendar/status';
const EVENTS = `GET /api/events?from=${dayKey(new Date())}&limit=100`;
const statusOf = (geocoding: 'available' | 'unavailable') => ({ status: 'disconnected', geocoding, calendars: [] });

describe("'Geocoding: Unavailable' offers a way to enter a key", () => {
  it('saves a Google key typed in a password field, then reads the status again', async () => {
    let geocoding: 'available' | 'unavailable' = 'unavailable';
    const { calls } = mockFetch({
      [EVENTS]: { body: [] },
      [STATUS]: async () => fakeResponse(200, statusOf(geocoding)),
      'POST /api/geocode/init': async () => {
        geocoding = 'available';
        return fakeResponse(200, { provider: 'google' });
      },
    });
    renderWithToasts(<CalendarTab />);
    expect(await screen.findByText('Unavailable')).toBeInTheDocument();
    const section = screen.getByText('Google geocoding API key').closest('details')!;
    expect(section).toHaveAttribute('open');
    const field = within(section).getByLabelText('API key');
    expect(field).toHaveAttribute('type', 'password');

    fireEvent.change(field, { target: { value: 'AIzaSy_Test-Key123' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save key' }));
    expect(await screen.findByText('Geocoding key saved')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', url: '/api/geocode/init', body: { apiKey: 'AIzaSy_Test-Key123' } }]);
    expect(await screen.findByText('Available')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/events/calendar/status')).toHaveLength(2);
    expect(field).toHaveValue('');
  });

  it('refuses an empty or malformed key with the shared schema message and sends nothing', async () => {
    const { calls } = mockFetch({ [EVENTS]: { body: [] }, [STATUS]: { body: statusOf('unavailable') } });
    renderWithProviders(<CalendarTab />);
    await screen.findByText('Unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    expect(await screen.findByText('Enter the API key')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'has spaces; drop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    expect(await screen.findByText('apiKey has unexpected characters')).toBeInTheDocument();
    expect(screen.getByLabelText('API key')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('is folded while geocoding is available, and removes a key only after confirmation', async () => {
    const { calls } = mockFetch({
      [EVENTS]: { body: [] },
      [STATUS]: { body: statusOf('available') },
      'POST /api/geocode/init': { body: { provider: 'nominatim' } },
    });
    renderWithToasts(<CalendarTab />);
    expect(await screen.findByText('Available')).toBeInTheDocument();
    const section = screen.getByText('Google geocoding API key').closest('details')!;
    expect(section).not.toHaveAttribute('open');
    fireEvent.click(within(section).getByRole('button', { name: 'Remove key' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove the geocoding key?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove key' }));
    expect(await screen.findByText('Geocoding key removed')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', url: '/api/geocode/init', body: { apiKey: '' } }]));
  });
});
