import { fireEvent, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { dayIn, startOfDayIn } from '@cocoa/shared-types';
import { persistable } from '../../../app/query-client';
import { mockFetch, renderWithProviders, renderWithToasts } from '../../../test/render';
import { NOT_LIVE, TODAY_STOP, withFakeLiveStream } from '../../live/test/fake-event-source';
import { choiceNamed, choicesOf, expectChosen, segmentNamed, tabOf, tapChoice } from '../../../test/ionic';
import { pickupQueueOrder } from '../test/pickup-orders';
import { quietSummary } from '../test/summary';
import AdminPage from './admin-page';

const PICKUP_AT = new Date(Date.now() + 3_600_000).toISOString();
const PICKUP_ORDER = pickupQueueOrder({ id: 'o-1', code: 'ABCD', slotStart: PICKUP_AT, items: [{ name: 'Iced Mocha', quantity: 1 }] });
const SUMMARY = quietSummary({ unreadMessages: 2 });

const api = () =>
  mockFetch({
    'GET /api/admin/summary': { body: SUMMARY },
    'GET /api/admin/inbox/counts': { body: { unread: 2 } },
    'GET /api/square/auth/status': { body: { connected: false, merchantId: null } },
    'GET /api/settings': { body: {} },
    'GET /api/images': { body: { images: [] } },
    'GET /api/database/backups': { body: { backups: [] } },
  });

const defaultMatchMedia = window.matchMedia;
function setSmallScreen(small: boolean) {
  window.matchMedia = (query: string) => ({ ...defaultMatchMedia(query), matches: small && query.includes('max-width') });
}

describe('AdminPage', () => {
  afterEach(() => setSmallScreen(false));

  it('opens on the summary tab and switches tabs (arrow keys too), keeping the tab in the address', async () => {
    api();
    renderWithProviders(<AdminPage />, { route: '/admin' });
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    // The owner's own Security page (recent sign-ins, other devices).
    expect(screen.getByRole('link', { name: 'Security' })).toHaveAttribute('href', '/account/security');
    const sections = segmentNamed('Admin sections');
    await waitFor(() => expect(choiceNamed(sections, 'Inbox (2)')).toBeInTheDocument());
    expect(choicesOf(sections).map((t) => t.textContent)).toEqual([
      'Summary',
      "We're here",
      'Orders',
      'Discounts',
      'Inbox (2)',
      'Bookings',
      'Settings & Square Integration',
      'Legal pages',
      'Catalogue',
      'Image Management',
      'Location Scheduler',
      'Database Backup',
    ]);
    await expectChosen(sections, 'Summary');
    expect(await screen.findByRole('heading', { level: 2, name: 'Orders and revenue' })).toBeInTheDocument();

    await tapChoice(sections, 'Settings & Square Integration');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?tab=settings');
    // The panel is named by its tab.
    expect(screen.getByRole('tabpanel', { name: 'Settings & Square Integration' })).toHaveTextContent('Square Configuration');
    // The first tab is the address without ?tab=.
    await tapChoice(sections, 'Summary');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);

    await tapChoice(sections, 'Image Management');
    await expectChosen(sections, 'Image Management');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?tab=images');
    expect(await screen.findByText('No images found. Upload some images first.')).toBeInTheDocument();

    // The arrow keys move along the tabs and choose, as in any tab list.
    tabOf(choiceNamed(sections, 'Image Management'))!.focus();
    fireEvent.keyDown(choiceNamed(sections, 'Image Management'), { key: 'ArrowRight' });
    await expectChosen(sections, 'Location Scheduler');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?tab=calendar');
  });

  it('opens the settings tab when Square sends the owner back, which tells the outcome', async () => {
    api();
    renderWithToasts(<AdminPage />, { route: '/admin?square=error' });
    expect(await screen.findByText('Connection failed')).toBeInTheDocument();
    await expectChosen(segmentNamed('Admin sections'), 'Settings & Square Integration');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\?tab=settings$/);
  });

  describe('at the cart', () => {
    withFakeLiveStream();
    afterEach(() => onlineManager.setOnline(true));

    it("takes today's stops and pickup orders along as it opens on the summary, so We're here lists them after the signal drops", async () => {
      const zone = NOT_LIVE.timeZone;
      const stopsPath = `/api/events?from=${dayIn(new Date(), zone)}&to=${dayIn(startOfDayIn(new Date(), zone, 1), zone)}`;
      const stop = TODAY_STOP;
      const pickupPath = `/api/admin/pickup/orders?date=${dayIn(new Date(), zone)}`;
      const { calls } = mockFetch({
        'GET /api/admin/summary': { body: SUMMARY },
        'GET /api/admin/inbox/counts': { body: { unread: 0 } },
        'GET /api/live': { body: NOT_LIVE },
        [`GET ${stopsPath}`]: { body: [stop] },
        [`GET ${pickupPath}`]: { body: [PICKUP_ORDER] },
      });
      const { client } = renderWithProviders(<AdminPage />, { route: '/admin' });
      expect(await screen.findByRole('heading', { level: 2, name: 'Orders and revenue' })).toBeInTheDocument();
      await waitFor(() => expect(client.getQueryCache().find({ queryKey: ['stops', 'today'], exact: false })?.state.data).toEqual([stop]));
      expect(calls.map((c) => c.url)).toContain(stopsPath);
      // Public, so kept on the device with the catalogue (the admin's own data never is).
      expect(persistable(client.getQueryCache().find({ queryKey: ['stops', 'today'], exact: false })!)).toBe(true);
      // Today's pickup orders too, as far as the queue needs them (no e-mail, no phone, the first name only).
      await waitFor(() => expect(calls.map((c) => c.url)).toContain(pickupPath));
      const pickup = client.getQueryCache().find({ queryKey: ['pickup-queue'], exact: false })!;
      await waitFor(() => expect(pickup.state.data).toEqual([expect.objectContaining({ code: 'ABCD', firstName: 'Ana' })]));
      expect(persistable(pickup)).toBe(true);
      expect(JSON.stringify(pickup.state.data)).not.toMatch(/ana@example\.com|Lopez/);

      // The park: no signal any more.
      onlineManager.setOnline(false);
      global.fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
      await tapChoice(segmentNamed('Admin sections'), "We're here");
      expect(await screen.findByRole('radio', { name: /Farmers Market/ })).toBeInTheDocument();
      expect(screen.queryByText('Today’s stops will show once you are back online.')).toBeNull();
      expect(await screen.findByRole('listitem', { name: 'ABCD Ana' })).toHaveTextContent('1 × Iced Mocha');
    });
  });

  it('shows a dropdown instead of tabs on small screens', async () => {
    setSmallScreen(true);
    api();
    renderWithProviders(<AdminPage />, { route: '/admin?tab=database' });
    expect(document.querySelector('ion-segment')).toBeNull();
    const select = screen.getByLabelText('Admin section');
    expect(select).toHaveValue('database');
    expect(await screen.findByText('No backups yet. Create the first one above.')).toBeInTheDocument();
    fireEvent.change(select, { target: { value: 'settings' } });
    expect(screen.getByRole('region', { name: 'Settings & Square Integration' })).toHaveTextContent('Square Connection');
  });
});
