import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OutboxMessage } from '@cocoa/shared-types';
import { fakeResponse, mockFetch, renderWithProviders, renderWithToasts } from '../../../test/render';
import { OutgoingMailCard } from './outgoing-mail-card';

// stands in for Headers.get (the fake responses of test/render have no headers)
const headersOf = (entries: Record<string, string>) => ({ get: (name: string) => entries[name] ?? null }) as unknown as Headers;

const message = (over: Partial<OutboxMessage>): OutboxMessage => ({
  id: 1,
  createdAt: '2026-11-20T15:04:00.000Z',
  to: 'ana@example.com',
  subject: 'We received your message: Wedding',
  template: 'contact-ack',
  status: 'sent',
  attempts: 1,
  lastError: null,
  sentAt: '2026-11-20T15:04:02.000Z',
  hasHtml: true,
  text: 'Thank you for your message, Ana',
  ...over,
});

const FIRST = '/api/mail/outbox?limit=20';
const failed = message({
  id: 3,
  to: 'bo@example.com',
  subject: 'Reset your password',
  status: 'failed',
  attempts: 6,
  lastError: 'Mail command failed: 451 4.3.0 try again later',
  sentAt: null,
  text: 'Open this link: https://shop.example/reset-password?token=abc',
});
const kept = message({ id: 2, to: 'owner@cocoa.test', subject: 'Contact form: Wedding', status: 'kept', sentAt: null, text: 'Can you serve 120 guests?' });

describe('OutgoingMailCard', () => {
  it('lists each message with its status in words, the refusal of a failed one, and its text to read', async () => {
    mockFetch({ [`GET ${FIRST}`]: { body: [failed, kept, message({})] } });
    renderWithProviders(<OutgoingMailCard />);
    const list = await screen.findByRole('list', { name: 'Outgoing e-mail' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByText(/^(Failed|Kept|Sent|Queued|Sending)$/).textContent)).toEqual(['Failed', 'Kept', 'Sent']);
    expect(within(rows[0]).getByText(/The mail server refused it: Mail command failed: 451/)).toBeInTheDocument();
    expect(within(rows[0]).getByText(/6 attempts/)).toBeInTheDocument();
    expect(within(rows[1]).getByText('Read the message')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Can you serve 120 guests?')).toBeInTheDocument();
    // Only a failed message offers Retry, a full-size touch target named for its recipient.
    expect(within(rows[0]).getByRole('button', { name: 'Retry the e-mail to bo@example.com' })).toHaveClass('btn--small-touch');
    expect(within(rows[1]).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(within(rows[2]).queryByRole('button', { name: /Retry/ })).toBeNull();
  });

  it('sends a failed message again and shows the list afresh', async () => {
    let current = failed;
    const { calls } = mockFetch({
      [`GET ${FIRST}`]: async () => fakeResponse(200, [current]),
      'POST /api/mail/outbox/3/retry': async () => fakeResponse(200, (current = { ...failed, status: 'queued' })),
    });
    renderWithToasts(<OutgoingMailCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry the e-mail to bo@example.com' }));
    expect(await screen.findByText('E-mail queued again')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Queued')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/mail/outbox/3/retry']);
  });

  it("says why a retry was refused (the server's message)", async () => {
    mockFetch({
      [`GET ${FIRST}`]: { body: [failed] },
      'POST /api/mail/outbox/3/retry': { status: 409, body: { message: 'Only a failed message can be sent again; this one is sent' } },
    });
    renderWithToasts(<OutgoingMailCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry the e-mail to bo@example.com' }));
    expect(await screen.findByText('Retry failed')).toBeInTheDocument();
    expect(screen.getByText('Only a failed message can be sent again; this one is sent')).toBeInTheDocument();
  });

  it('filters by status and loads the next page by its cursor', async () => {
    const { calls, fn } = mockFetch({
      [`GET ${FIRST}`]: { body: [message({})] },
      [`GET ${FIRST}&status=failed`]: async () => Object.assign(fakeResponse(200, [failed]), { headers: headersOf({ 'X-Next-Cursor': '3' }) }),
      [`GET ${FIRST}&status=failed&cursor=3`]: async () =>
        Object.assign(fakeResponse(200, [message({ id: 1, status: 'failed', to: 'cy@example.com', lastError: 'timeout' })]), { headers: headersOf({}) }),
    });
    renderWithProviders(<OutgoingMailCard />);
    await screen.findByText('Sent');
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'failed' } });
    expect(await screen.findByRole('button', { name: 'Retry the e-mail to bo@example.com' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: 'Retry the e-mail to cy@example.com' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.map((c) => c.url)).toEqual([FIRST, `${FIRST}&status=failed`, `${FIRST}&status=failed&cursor=3`]);
    // every read skips the caches (the service worker must not answer with an old copy)
    expect(fn.mock.calls.every(([, init]) => (init as RequestInit).cache === 'no-store')).toBe(true);
  });

  it('says so when there is nothing, and when the outbox cannot be read', async () => {
    mockFetch({ [`GET ${FIRST}`]: { body: [] } });
    const { unmount } = renderWithProviders(<OutgoingMailCard />);
    expect(await screen.findByText('No e-mail has been sent yet.')).toBeInTheDocument();
    unmount();
    mockFetch({ [`GET ${FIRST}`]: { status: 500, body: { message: 'Database unavailable' } } });
    renderWithProviders(<OutgoingMailCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the outgoing e-mail: Database unavailable');
  });
});
