import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CspReport } from '@cocoa/shared-types';
import { fakeResponse, mockFetch, renderWithProviders } from '../../../test/render';
import { CspReportsCard } from './csp-reports-card';

const LIST = 'GET /api/admin/csp-reports';

const report = (over: Partial<CspReport>): CspReport => ({
  id: 1,
  receivedAt: '2026-11-20T15:04:00.000Z',
  documentUrl: 'https://shop.example/checkout',
  blockedUrl: 'https://evil.example/skimmer.js',
  directive: 'script-src-elem',
  sourceFile: 'https://shop.example/assets/start-abc123.js',
  line: 12,
  column: 7,
  sample: null,
  disposition: 'enforce',
  userAgent: 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
  ...over,
});

describe('CspReportsCard', () => {
  it('lists each report with what was blocked, by which directive, on which page, and its details on demand', async () => {
    const { fn } = mockFetch({
      [LIST]: {
        body: [
          report({
            id: 2,
            blockedUrl: 'inline',
            sourceFile: null,
            line: null,
            column: null,
            sample: 'console.log("hi")',
            disposition: 'report',
            userAgent: null,
          }),
          report({}),
        ],
      },
    });
    renderWithProviders(<CspReportsCard />);
    const list = await screen.findByRole('list', { name: 'Security policy reports' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('.admin-row__title')?.textContent)).toEqual([
      'inline blocked by script-src-elemReported only',
      'https://evil.example/skimmer.js blocked by script-src-elem',
    ]);
    expect(within(rows[1]).getByText(/^On https:\/\/shop\.example\/checkout · /)).toBeInTheDocument();
    expect(within(rows[1]).getByText('https://shop.example/assets/start-abc123.js:12:7')).toBeInTheDocument();
    expect(within(rows[1]).getByText(/Firefox\/133\.0$/)).toBeInTheDocument();
    expect(within(rows[0]).getByText('console.log("hi")')).toBeInTheDocument();
    // the owner's reads skip every cache
    expect(fn.mock.calls[0]).toEqual(['/api/admin/csp-reports', expect.objectContaining({ cache: 'no-store' })]);
  });

  it('says so when nothing has been reported', async () => {
    mockFetch({ [LIST]: { body: [] } });
    renderWithProviders(<CspReportsCard />);
    expect(await screen.findByText('No browser has reported anything blocked.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Security policy reports' })).toBeNull();
  });

  it("says why the reports could not be loaded (the server's message), and loads them again on Refresh", async () => {
    let answer = fakeResponse(403, { message: 'Admin access required', code: 'FORBIDDEN' });
    mockFetch({ [LIST]: async () => answer });
    renderWithProviders(<CspReportsCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the security reports: Admin access required');
    answer = fakeResponse(200, [report({})]);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Security policy reports' })).toBeInTheDocument());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
