import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeResponse, mockFetch, renderWithProviders } from '../../../test/render';
import { ToastViewport } from '../../../ui/toast-viewport';
import { useToastStore } from '../../../ui/toast-store';
import { DatabaseTab } from './database-tab';

const older = { filename: 'backup-20261120-101500-a1b2c3.json.gz', created: '2026-11-20T10:15:00.000Z', size: 2048 };
const newer = { filename: 'backup-20261121-093000-d4e5f6.json.gz', created: '2026-11-21T09:30:00.000Z', size: 3.5 * 1024 * 1024 };

beforeEach(() => useToastStore.getState().dismiss());

describe('DatabaseTab', () => {
  it('lists backups newest first with sizes, and downloads the chosen one by navigation', async () => {
    mockFetch({ 'GET /api/database/backups': { body: { backups: [older, newer] } } });
    renderWithProviders(<DatabaseTab />);
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual([newer.filename, older.filename]);
    expect(screen.getByText(/3\.5 MB/)).toBeInTheDocument();
    expect(screen.getByText(/2 KB/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Restore' })).toBeDisabled();
    fireEvent.click(radios[1]);
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', `/api/database/backups/${older.filename}`);
  });

  it('restores only after a confirmation saying it replaces all current data', async () => {
    const { calls } = mockFetch({
      'GET /api/database/backups': { body: { backups: [older] } },
      [`POST /api/database/restore/${older.filename}`]: { body: { message: 'Database restored', safetyBackup: 'backup-20261122-060000-ffffff.json.gz' } },
    });
    renderWithProviders(<><DatabaseTab /><ToastViewport /></>);
    fireEvent.click(await screen.findByRole('radio', { name: new RegExp(older.filename) }));
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Restore this backup?' });
    expect(confirm).toHaveTextContent('replaces all current data');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Restore backup' }));
    expect(await screen.findByText('Database restored', { selector: '.toast__title' })).toBeInTheDocument();
    expect(screen.getByText(/backup-20261122-060000-ffffff\.json\.gz/)).toBeInTheDocument();
  });

  it('creates a backup, shows progress, and selects the new one', async () => {
    let answered = false;
    let finish!: () => void;
    const done = new Promise<void>((r) => (finish = r));
    mockFetch({
      'GET /api/database/backups': async () => fakeResponse(200, { backups: answered ? [newer] : [] }),
      'POST /api/database/backup': async () => {
        await done;
        answered = true;
        return fakeResponse(201, { filename: newer.filename });
      },
    });
    renderWithProviders(<><DatabaseTab /><ToastViewport /></>);
    expect(await screen.findByText('No backups yet. Create the first one above.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create Backup' }));
    expect(await screen.findByRole('button', { name: 'Creating backup...' })).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Creating backup' })).toBeInTheDocument();
    finish();
    expect(await screen.findByText('Backup created')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: new RegExp(newer.filename) })).toBeChecked());
  });

  it('says what a backup holds and that images are not in it', async () => {
    mockFetch({ 'GET /api/database/backups': { body: { backups: [] } } });
    renderWithProviders(<DatabaseTab />);
    const panel = (await screen.findByRole('heading', { name: 'About backups' })).closest('section')!;
    expect(panel).toHaveTextContent('products, categories, orders, users, settings and calendar/event data');
    expect(panel).toHaveTextContent(/not hold image files/);
  });
});
