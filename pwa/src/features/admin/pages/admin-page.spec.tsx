import { fireEvent, screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../../../test/render';
import AdminPage from './admin-page';

const api = () =>
  mockFetch({
    'GET /api/square/auth/status': { body: { connected: false, merchantId: null } },
    'GET /api/settings': { body: {} },
    'GET /api/images': { body: { images: [] } },
    'GET /api/database/backups': { body: { backups: [] } },
  });

const defaultMatchMedia = window.matchMedia;
function setSmallScreen(small: boolean) {
  window.matchMedia = ((query: string) => ({ ...defaultMatchMedia(query), matches: small && query.includes('max-width') }));
}

describe('AdminPage', () => {
  afterEach(() => setSmallScreen(false));

  it('opens on the settings tab and switches tabs (arrow keys too), keeping the tab in the address', async () => {
    api();
    renderWithProviders(<AdminPage />, { route: '/admin' });
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Settings & Square Integration', 'Catalogue', 'Image Management', 'Location Scheduler', 'Database Backup']);
    expect(screen.getByRole('tab', { name: 'Settings & Square Integration' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Square Configuration');

    fireEvent.click(screen.getByRole('tab', { name: 'Image Management' }));
    expect(screen.getByRole('tab', { name: 'Image Management' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin?tab=images');
    expect(await screen.findByText('No images found. Upload some images first.')).toBeInTheDocument();

    fireEvent.keyDown(screen.getByRole('tab', { name: 'Image Management' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Location Scheduler' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Location Scheduler' })).toHaveFocus();
  });

  it('shows a dropdown instead of tabs on small screens', async () => {
    setSmallScreen(true);
    api();
    renderWithProviders(<AdminPage />, { route: '/admin?tab=database' });
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    const select = screen.getByLabelText('Admin section');
    expect(select).toHaveValue('database');
    expect(await screen.findByText('No backups yet. Create the first one above.')).toBeInTheDocument();
    fireEvent.change(select, { target: { value: 'settings' } });
    expect(screen.getByRole('region', { name: 'Settings & Square Integration' })).toHaveTextContent('Square Connection');
  });
});
