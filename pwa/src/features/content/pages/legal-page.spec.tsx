import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { LegalPageView } from '@cocoa/shared-types';
import { expectNoAxeViolations } from '../../../test/axe';
import { fakeResponse, mockFetch, renderWithProviders } from '../../../test/render';
import LegalPage from './legal-page';

const refundPolicy: LegalPageView = {
  kind: 'refund-policy',
  title: 'Refund and cancellation policy',
  html: '<h2>Event bookings</h2>\n<p>A booking is confirmed by its deposit: 25 % of the price. <a href="/contact">Contact us</a>.</p>\n',
  updatedAt: '2026-11-20T15:00:00.000Z',
};

describe('LegalPage', () => {
  it("shows the owner's page from the server under its title, its links as plain links, and when it was last updated", async () => {
    const { calls } = mockFetch({ 'GET /api/legal-pages/refund-policy': { body: refundPolicy } });
    const { container } = renderWithProviders(<LegalPage kind="refund-policy" />, { route: '/refund-policy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Refund and cancellation policy' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Event bookings' })).toBeInTheDocument();
    expect(screen.getByText(/25 % of the price/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    expect(screen.getByText('Last updated November 20, 2026.')).toBeInTheDocument();
    expect(document.title).toContain('Refund and cancellation policy');
    expect(calls.map((c) => c.url).filter((url) => url.startsWith('/api/legal-pages'))).toEqual(['/api/legal-pages/refund-policy']);
    await expectNoAxeViolations(container);
  });

  it('says so, and offers Try Again, when the page cannot be loaded', async () => {
    let answer = fakeResponse(500, { message: 'Internal error' });
    mockFetch({ 'GET /api/legal-pages/privacy': () => Promise.resolve(answer) });
    renderWithProviders(<LegalPage kind="privacy" />, { route: '/privacy' });
    expect(await screen.findByText('The privacy policy could not be loaded. Please try again.')).toBeInTheDocument();
    answer = fakeResponse(200, { kind: 'privacy', title: 'Privacy Policy', html: '<p>We keep little.</p>', updatedAt: null });
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByText('We keep little.')).toBeInTheDocument());
    expect(screen.queryByText(/Last updated/)).not.toBeInTheDocument();
  });

  it('keeps the shipping policy as written, asking the server for no legal page', () => {
    const { calls } = mockFetch({});
    renderWithProviders(<LegalPage kind="shipping" />, { route: '/shipping' });
    expect(screen.getByRole('heading', { level: 1, name: 'Shipping Policy' })).toBeInTheDocument();
    expect(screen.getByText('Shipping is a flat $5.99 per order.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/legal-pages'))).toEqual([]);
  });
});
