import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LegalPageAdmin, LegalPagesAdmin } from '@cocoa/shared-types';
import { expectNoAxeViolations } from '../../../test/axe';
import { fakeResponse, mockFetch, renderWithProviders } from '../../../test/render';
import { LegalTab } from './legal-tab';

const page = (kind: LegalPageAdmin['kind'], title: string, markdown: string, html: string): LegalPageAdmin => ({
  kind,
  title,
  markdown,
  defaultMarkdown: markdown,
  html,
  updatedAt: null,
});

const pages = (reviewedAt: string | null = null): LegalPagesAdmin => ({
  pages: [
    page('privacy', 'Privacy Policy', '## What we keep\n\nLittle.', '<h2>What we keep</h2>\n<p>Little.</p>\n'),
    page('terms', 'Terms of Service', '## Orders\n\nAn offer to buy.', '<h2>Orders</h2>\n<p>An offer to buy.</p>\n'),
    page('refund-policy', 'Refund and cancellation policy', 'Deposit {{depositPercent}} %.', '<p>Deposit 25 %.</p>\n'),
  ],
  reviewedAt,
});

describe('Admin → Legal pages', () => {
  afterEach(() => jest.useRealTimers());

  it('edits a page in Markdown with a preview from the server, and saves it', async () => {
    jest.useFakeTimers();
    const saved: LegalPagesAdmin = pages();
    saved.pages[0] = {
      ...saved.pages[0],
      markdown: '## What we keep\n\nYour name.',
      html: '<h2>What we keep</h2>\n<p>Your name.</p>\n',
      updatedAt: '2026-12-01T10:00:00.000Z',
    };
    let list = pages();
    const { calls } = mockFetch({
      'GET /api/admin/legal-pages': () => Promise.resolve(fakeResponse(200, list)),
      'POST /api/admin/legal-pages/preview': { body: { html: '<h2>What we keep</h2>\n<p>Your name.</p>\n' } },
      'PUT /api/admin/legal-pages/privacy': { body: { kind: 'privacy', title: 'Privacy Policy', html: '', updatedAt: '2026-12-01T10:00:00.000Z' } },
    });
    const { container } = renderWithProviders(<LegalTab />, { route: '/admin?tab=legal' });
    const text = await screen.findByLabelText('Privacy Policy: text (Markdown)');
    expect(text).toHaveValue('## What we keep\n\nLittle.');
    // The saved text's preview is the server's rendering already at hand: no call for it.
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Little.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save page' })).toBeDisabled();

    fireEvent.change(text, { target: { value: '## What we keep\n\nYour name.' } });
    await act(async () => void jest.advanceTimersByTime(500));
    expect(await within(preview).findByText('Your name.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/admin/legal-pages/preview').map((c) => c.body)).toEqual([{ markdown: '## What we keep\n\nYour name.' }]);

    list = saved;
    fireEvent.click(screen.getByRole('button', { name: 'Save page' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ markdown: '## What we keep\n\nYour name.' }]));
    expect(await screen.findByText(/^Saved /)).toBeInTheDocument();
    jest.useRealTimers();
    await expectNoAxeViolations(container);
  });

  it('switches page, restores the default text, and refuses blank text with the shared rule before sending', async () => {
    const list = pages();
    list.pages[1] = { ...list.pages[1], markdown: 'My own terms.' };
    const { calls } = mockFetch({ 'GET /api/admin/legal-pages': { body: list } });
    renderWithProviders(<LegalTab />);
    fireEvent.change(await screen.findByLabelText('Page'), { target: { value: 'terms' } });
    const text = screen.getByLabelText('Terms of Service: text (Markdown)');
    expect(text).toHaveValue('My own terms.');
    fireEvent.click(screen.getByRole('button', { name: 'Restore default text' }));
    expect(text).toHaveValue('## Orders\n\nAn offer to buy.');

    fireEvent.change(text, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save page' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Write the page text (or restore the default text)');
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('shows the size against the 50 KB limit and the server’s message when it refuses the text', async () => {
    mockFetch({
      'GET /api/admin/legal-pages': { body: pages() },
      'PUT /api/admin/legal-pages/privacy': { status: 400, body: { message: 'The page text is too long: 51 KB, at most 50 KB', code: 'VALIDATION' } },
      'POST /api/admin/legal-pages/preview': { body: { html: '<p>x</p>' } },
    });
    renderWithProviders(<LegalTab />);
    const text = await screen.findByLabelText('Privacy Policy: text (Markdown)');
    fireEvent.change(text, { target: { value: 'Short text' } });
    expect(screen.getByText('0.0 KB of 50 KB')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save page' }));
    expect(await screen.findByText('The page text is too long: 51 KB, at most 50 KB', { selector: '.field__error' })).toBeInTheDocument();
  });

  it('marks the pages as reviewed and says when', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/legal-pages': { body: pages() },
      'POST /api/admin/legal-pages/reviewed': { body: { reviewedAt: '2026-12-02T16:30:00.000Z' } },
    });
    renderWithProviders(<LegalTab />);
    expect(await screen.findByText(/These pages have not been marked as reviewed/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as reviewed' }));
    expect(await screen.findByText(/You marked these pages as reviewed on Dec 02, 2026/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/admin/legal-pages/reviewed']);
  });
});
