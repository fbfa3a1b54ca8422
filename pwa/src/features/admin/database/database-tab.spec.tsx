import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeResponse, mockFetch, renderWithProviders, renderWithToasts } from '../../../test/render';
import { useToastStore } from '../../../ui/toast-store';
import { FakeXhr } from '../test/fake-xhr';
import { DatabaseTab } from './database-tab';

const older = { filename: 'backup-20261120-101500-a1b2c3.json.gz', created: '2026-11-20T10:15:00.000Z', size: 2048, kind: 'manual' };
const newer = { filename: 'backup-20261121-093000-d4e5f6.json.gz', created: '2026-11-21T09:30:00.000Z', size: 3.5 * 1024 * 1024, kind: 'manual' };
const safety = { filename: 'safety-backup-20261122-060000-ffffff.json.gz', created: '2026-11-22T06:00:00.000Z', size: 4096, kind: 'safety' };
const uploaded = { filename: 'uploaded-backup-20261123-080000-abcabc.json.gz', created: '2026-11-23T08:00:00.000Z', size: 1024, kind: 'uploaded' };

beforeEach(() => {
  FakeXhr.install();
});
afterAll(() => FakeXhr.uninstall());

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
    renderWithToasts(<DatabaseTab />);
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
    renderWithToasts(<DatabaseTab />);
    expect(await screen.findByText('No backups yet. Create the first one above.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create Backup' }));
    expect(await screen.findByRole('button', { name: 'Creating backup...' })).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Creating backup' })).toBeInTheDocument();
    finish();
    expect(await screen.findByText('Backup created')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: new RegExp(newer.filename) })).toBeChecked());
  });

  it('turns the daily backup on: it says when the first one (taken at once) ran and lists it', async () => {
    const daily = { filename: 'scheduled-backup-20261124-101500-abcdef.json.gz', created: '2026-11-24T10:15:00.000Z', size: 2048, kind: 'scheduled' };
    let on = false;
    mockFetch({
      'GET /api/database/backups': async () => fakeResponse(200, { backups: on ? [daily] : [] }),
      'GET /api/database/schedule': async () => fakeResponse(200, { enabled: on, keep: 7, lastRunAt: on ? daily.created : null }),
      'PUT /api/database/schedule': async () => {
        on = true;
        return fakeResponse(200, { enabled: true, keep: 7, lastRunAt: daily.created });
      },
    });
    renderWithProviders(<DatabaseTab />);
    expect(await screen.findByText(/No daily backup has been taken yet\./)).toBeInTheDocument();
    expect(await screen.findByText('No backups yet. Create the first one above.')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Take a backup every night'));
    fireEvent.click(screen.getByRole('button', { name: 'Save daily backup' }));
    expect(await screen.findByText(/Last daily backup:/)).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: new RegExp(daily.filename) })).toBeInTheDocument();
  });

  it("labels the safety backup a restore took ('Safety backup') and an uploaded one ('Uploaded')", async () => {
    mockFetch({ 'GET /api/database/backups': { body: { backups: [older, safety, uploaded] } } });
    renderWithProviders(<DatabaseTab />);
    const row = async (name: string) => (await screen.findByRole('radio', { name: new RegExp(name) })).closest('label')!;
    expect(await row(safety.filename)).toHaveTextContent('Safety backup');
    expect(await row(uploaded.filename)).toHaveTextContent('Uploaded');
    expect(await row(older.filename)).not.toHaveTextContent(/Safety backup|Uploaded/);
  });

  it('uploads a downloaded backup, then asks before restoring it: cancel keeps it listed, confirm restores it', async () => {
    let listed = [older];
    const { calls } = mockFetch({
      'GET /api/database/backups': async () => fakeResponse(200, { backups: listed }),
      [`POST /api/database/restore/${uploaded.filename}`]: { body: { message: `Database restored from ${uploaded.filename}`, safetyBackup: safety.filename } },
    });
    renderWithToasts(<DatabaseTab />);
    await screen.findByRole('radio', { name: new RegExp(older.filename) });
    const file = new File(['backup bytes'], 'backup-20261101-000000-aaaaaa.json.gz', { type: 'application/gzip' });
    const choose = () => {
      listed = [older, uploaded];
      FakeXhr.queue.push({ status: 201, body: { filename: uploaded.filename } });
      fireEvent.change(screen.getByLabelText('Upload Backup'), { target: { files: [file] } });
    };

    choose();
    const confirm = await screen.findByRole('alertdialog', { name: 'Restore this backup?' });
    expect(confirm).toHaveTextContent(`Restoring ${uploaded.filename} replaces all current data`);
    expect(screen.getByText('Backup uploaded', { selector: '.toast__title' })).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(1);
    expect(FakeXhr.sent[0].url).toBe('/api/database/backups/upload');
    expect(FakeXhr.sent[0].body.get('file')).toBe(file);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: new RegExp(uploaded.filename) })).toBeChecked();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Restore this backup?' })).getByRole('button', { name: 'Restore backup' }));
    expect(await screen.findByText('Database restored', { selector: '.toast__title' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`/api/database/restore/${uploaded.filename}`]);
  });

  it("says 'Upload failed' with the server's reason and restores nothing; a file over 20 MB is refused before it is sent", async () => {
    const { calls } = mockFetch({ 'GET /api/database/backups': { body: { backups: [older] } } });
    renderWithToasts(<DatabaseTab />);
    await screen.findByRole('radio', { name: new RegExp(older.filename) });
    FakeXhr.queue.push({ status: 400, body: { message: 'This backup comes from a newer version of the shop; update the shop first', code: 'BACKUP_NEWER' } });
    fireEvent.change(screen.getByLabelText('Upload Backup'), { target: { files: [new File(['x'], 'newer.json.gz')] } });
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText('This backup comes from a newer version of the shop; update the shop first')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await waitFor(() => expect(screen.getByLabelText('Upload Backup')).toBeEnabled());
    useToastStore.getState().dismiss();
    const huge = new File(['x'], 'huge.json.gz');
    Object.defineProperty(huge, 'size', { value: 20 * 1024 * 1024 + 1 });
    fireEvent.change(screen.getByLabelText('Upload Backup'), { target: { files: [huge] } });
    expect(await screen.findByText('The backup file is too large. The maximum size is 20 MB.')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(1);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says what a backup holds and that images are not in it', async () => {
    mockFetch({ 'GET /api/database/backups': { body: { backups: [] } } });
    renderWithProviders(<DatabaseTab />);
    const panel = (await screen.findByRole('heading', { name: 'About backups' })).closest('section')!;
    expect(panel).toHaveTextContent('products, categories, orders, users, settings and calendar/event data');
    expect(panel).toHaveTextContent(/not hold image files/);
  });
});
