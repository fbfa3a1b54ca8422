import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InboxListItem, InboxMessage, InboxPage } from '@cocoa/shared-types';
import { fakeResponse, mockFetch, renderWithProviders, renderWithToasts } from '../../../test/render';
import { choiceNamed, expectChosen, segmentNamed, swipeActionsOf, tapChoice } from '../../../test/ionic';
import AdminPage from '../pages/admin-page';
import { InboxTab } from './inbox-tab';

const CONTACT: InboxListItem = {
  kind: 'contact',
  id: 12,
  name: 'Zoë Ó Briain',
  email: 'zoe@example.ie',
  subject: 'Gift boxes',
  eventDate: null,
  excerpt: 'Do you sell gift boxes for Christmas?',
  receivedAt: '2026-05-03T09:00:00.000Z',
  readAt: null,
  archivedAt: null,
};
const INQUIRY: InboxListItem = {
  kind: 'inquiry',
  id: 4,
  name: 'Kwame Mensah',
  email: 'kwame@example.gh',
  subject: 'Wedding, 120 guests',
  eventDate: '2026-09-12',
  excerpt: 'Hot cocoa bar for the reception, please.',
  receivedAt: '2026-05-02T09:00:00.000Z',
  readAt: '2026-05-02T10:00:00.000Z',
  archivedAt: null,
};
const page = (items: InboxListItem[], total = items.length): InboxPage => ({ items, page: 1, pageSize: 20, total });
const json =
  (body: unknown, status = 200) =>
  async () =>
    fakeResponse(status, body);

describe('InboxTab', () => {
  it('a swipe marks a message read or unread and archives it, as in a mail app', async () => {
    let contact = CONTACT;
    const { calls } = mockFetch({
      'GET /api/admin/inbox?state=all&page=1': async () => fakeResponse(200, page(contact.archivedAt ? [INQUIRY] : [contact, INQUIRY])),
      'GET /api/admin/inbox/counts': { body: { unread: 1 } },
      'POST /api/admin/inbox/contact/12/read': async () => {
        contact = { ...contact, readAt: '2026-05-03T10:00:00.000Z' };
        return fakeResponse(200, contact);
      },
      'POST /api/admin/inbox/contact/12/archive': async () => {
        contact = { ...contact, archivedAt: '2026-05-03T10:01:00.000Z' };
        return fakeResponse(200, contact);
      },
    });
    renderWithProviders(<InboxTab />);
    const rows = () => within(screen.getByRole('list', { name: 'Inbox' })).getAllByRole('button');
    await screen.findByRole('list', { name: 'Inbox' });
    expect(swipeActionsOf(rows()[0]).map((a) => a.textContent)).toEqual(['Mark read', 'Archive']);
    expect(swipeActionsOf(rows()[1]).map((a) => a.textContent)).toEqual(['Mark unread', 'Archive']);

    fireEvent.click(swipeActionsOf(rows()[0])[0]);
    await waitFor(() => expect(rows()[0]).not.toHaveClass('is-unread'));
    expect(swipeActionsOf(rows()[0]).map((a) => a.textContent)).toEqual(['Mark unread', 'Archive']);

    fireEvent.click(swipeActionsOf(rows()[0])[1]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Kwame Mensah');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/admin/inbox/contact/12/read', '/api/admin/inbox/contact/12/archive']);
  });

  it('lists both kinds, unread ones marked, and switches between the inbox, unread and the archive', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/inbox?state=all&page=1': { body: page([CONTACT, INQUIRY]) },
      'GET /api/admin/inbox?state=unread&page=1': { body: page([CONTACT]) },
      'GET /api/admin/inbox?state=archived&page=1': { body: page([]) },
    });
    renderWithProviders(<InboxTab />);
    const list = await screen.findByRole('list', { name: 'Inbox' });
    const rows = within(list).getAllByRole('button');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Unread: Zoë Ó Briain.*Contact message Gift boxes.*Do you sell gift boxes for Christmas\?$/),
      expect.stringMatching(/^Kwame Mensah.*Event inquiry Wedding, 120 guests · Sep 12, 2026.*Hot cocoa bar/),
    ]);
    expect(rows[0]).toHaveClass('is-unread');
    expect(rows[1]).not.toHaveClass('is-unread');

    await tapChoice(segmentNamed('Show'), 'Unread');
    await expectChosen(segmentNamed('Show'), 'Unread');
    expect(await screen.findByRole('list', { name: 'Unread' })).toBeInTheDocument();
    await tapChoice(segmentNamed('Show'), 'Archived');
    expect(await screen.findByText('No archived messages.')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/admin/inbox?state=all&page=1',
      '/api/admin/inbox?state=unread&page=1',
      '/api/admin/inbox?state=archived&page=1',
    ]);
  });

  it('pages through older messages', async () => {
    const second = { ...page([INQUIRY], 21), page: 2 };
    mockFetch({ 'GET /api/admin/inbox?state=all&page=1': { body: page([CONTACT], 21) }, 'GET /api/admin/inbox?state=all&page=2': { body: second } });
    renderWithProviders(<InboxTab />);
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(await screen.findByText('Kwame Mensah')).toBeInTheDocument();
  });

  it('opens a message (marking it read), replies, and shows the reply in the thread', async () => {
    const message: InboxMessage = {
      kind: 'contact',
      id: 12,
      name: CONTACT.name,
      email: CONTACT.email,
      subject: 'Gift boxes',
      message: 'Do you sell gift boxes\nfor Christmas?',
      receivedAt: CONTACT.receivedAt,
      readAt: null,
      archivedAt: null,
      replies: [],
    };
    const read = { ...CONTACT, readAt: '2026-05-03T10:00:00.000Z' };
    const replied: InboxMessage = {
      ...message,
      readAt: read.readAt,
      replies: [{ id: 1, body: 'Yes, from 1 November.', sentBy: 'admin', sentAt: '2026-05-03T10:05:00.000Z' }],
    };
    const { calls } = mockFetch({
      'GET /api/admin/inbox?state=all&page=1': { body: page([CONTACT, INQUIRY]) },
      'GET /api/admin/inbox/contact/12': { body: message },
      'POST /api/admin/inbox/contact/12/read': { body: read },
      'POST /api/admin/inbox/contact/12/reply': json(replied, 201),
    });
    renderWithToasts(<InboxTab />);
    fireEvent.click(await screen.findByRole('button', { name: /Zoë Ó Briain/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Gift boxes' })).toHaveFocus();
    expect(screen.getByText(/Do you sell gift boxes/)).toHaveTextContent('Do you sell gift boxes for Christmas?');
    expect(screen.getByRole('link', { name: 'zoe@example.ie' })).toHaveAttribute('href', 'mailto:zoe@example.ie');
    // Opening it marks it read, once.
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/admin/inbox/contact/12/read']));
    expect(await screen.findByRole('button', { name: 'Mark unread' })).toBeInTheDocument();

    // An empty reply is refused before sending, with the server's own words.
    const send = screen.getByRole('button', { name: 'Send' });
    fireEvent.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent('Reply is required');
    expect(calls.some((c) => c.url.endsWith('/reply'))).toBe(false);

    const field = screen.getByLabelText('Reply to Zoë Ó Briain');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(field, { target: { value: '  Yes, from 1 November.  ' } });
    fireEvent.click(send);
    expect(await screen.findByText('Reply queued')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/reply'))).toEqual({
      method: 'POST',
      url: '/api/admin/inbox/contact/12/reply',
      body: { body: 'Yes, from 1 November.' },
    });
    const thread = screen.getByRole('region', { name: 'Replies' });
    expect(within(thread).getByText('Yes, from 1 November.')).toBeInTheDocument();
    expect(thread).toHaveTextContent(/admin replied/);
    expect(field).toHaveValue('');

    // Back to the list.
    fireEvent.click(screen.getByRole('button', { name: 'Back to messages' }));
    expect(await screen.findByRole('list', { name: 'Inbox' })).toBeInTheDocument();
  });

  it('shows an inquiry’s event details and archives it', async () => {
    const message: InboxMessage = {
      kind: 'inquiry',
      id: 4,
      name: INQUIRY.name,
      email: INQUIRY.email,
      phone: '+15551234567',
      eventType: 'wedding',
      eventDate: '2026-09-12',
      guests: 120,
      location: 'Riverside Barn, Kalamazoo',
      message: null,
      receivedAt: INQUIRY.receivedAt,
      readAt: INQUIRY.readAt,
      archivedAt: null,
      replies: [],
    };
    const { calls } = mockFetch({
      'GET /api/admin/inbox?state=all&page=1': { body: page([INQUIRY]) },
      'GET /api/admin/inbox/inquiry/4': { body: message },
      'POST /api/admin/inbox/inquiry/4/archive': { body: { ...INQUIRY, archivedAt: '2026-05-04T08:00:00.000Z' } },
    });
    renderWithProviders(<InboxTab />);
    fireEvent.click(await screen.findByRole('button', { name: /Kwame Mensah/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Event inquiry: Wedding, 120 guests' })).toBeInTheDocument();
    expect(screen.getByText('Riverside Barn, Kalamazoo')).toBeInTheDocument();
    expect(screen.getByText('Sep 12, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+15551234567' })).toHaveAttribute('href', 'tel:+15551234567');
    expect(screen.getByText('No message.')).toBeInTheDocument();
    // Already read: nothing is marked on opening.
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('button', { name: 'Move to inbox' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/admin/inbox/inquiry/4/archive']);
  });

  it('shows a booking request as it was made', async () => {
    const item: InboxListItem = { ...INQUIRY, kind: 'booking', id: 9, subject: 'CB-7K3Q: Hot Cocoa Bar, 60 guests', readAt: '2026-05-02T10:00:00.000Z' };
    const message: InboxMessage = {
      kind: 'booking',
      id: 9,
      name: INQUIRY.name,
      email: INQUIRY.email,
      phone: '+12175550142',
      reference: 'CB-7K3Q',
      state: 'awaiting_deposit',
      packageName: 'Hot Cocoa Bar',
      eventDate: '2026-09-12',
      startTime: '18:00',
      endTime: '21:00',
      guests: 60,
      venueName: 'Riverside Barn',
      venueAddress: '1200 River Rd, Kalamazoo, MI',
      message: 'Outdoor reception.',
      receivedAt: INQUIRY.receivedAt,
      readAt: item.readAt,
      archivedAt: null,
      replies: [],
    };
    mockFetch({ 'GET /api/admin/inbox?state=all&page=1': { body: page([item]) }, 'GET /api/admin/inbox/booking/9': { body: message } });
    renderWithProviders(<InboxTab />);
    fireEvent.click(await screen.findByRole('button', { name: /Booking request CB-7K3Q/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Booking request CB-7K3Q: Hot Cocoa Bar, 60 guests' })).toBeInTheDocument();
    expect(screen.getByText('CB-7K3Q, awaiting deposit')).toBeInTheDocument();
    expect(screen.getByText('Sep 12, 2026, 6:00 PM to 9:00 PM')).toBeInTheDocument();
    expect(screen.getByText('Riverside Barn, 1200 River Rd, Kalamazoo, MI')).toBeInTheDocument();
    expect(screen.getByText('Outdoor reception.')).toBeInTheDocument();
    // accepting or declining happens in the Bookings tab, one tap away
    expect(screen.getByRole('link', { name: 'Open booking CB-7K3Q' })).toHaveAttribute('href', '/admin?tab=bookings&booking=9');
  });

  it('says when the inbox is empty, and when it could not be loaded', async () => {
    mockFetch({ 'GET /api/admin/inbox?state=all&page=1': { body: page([]) } });
    const { unmount } = renderWithProviders(<InboxTab />);
    expect(screen.getByRole('status', { name: 'Loading messages' })).toBeInTheDocument();
    expect(await screen.findByText(/No messages\. Contact messages and event inquiries show here/)).toBeInTheDocument();
    unmount();
    mockFetch({ 'GET /api/admin/inbox?state=all&page=1': { status: 500, body: { message: 'boom' } } });
    renderWithProviders(<InboxTab />);
    expect(await screen.findByText('Failed to load messages.')).toBeInTheDocument();
  });
});

describe('the Inbox tab on the dashboard', () => {
  it('shows the unread count in its label', async () => {
    mockFetch({
      'GET /api/admin/inbox/counts': { body: { unread: 3 } },
      'GET /api/admin/summary': { status: 500, body: { message: 'not needed here' } },
      'GET /api/admin/inbox?state=all&page=1': { body: page([CONTACT]) },
    });
    renderWithProviders(<AdminPage />, { route: '/admin?tab=inbox' });
    await waitFor(() => expect(choiceNamed(segmentNamed('Admin sections'), 'Inbox (3)')).toBeInTheDocument());
    await expectChosen(segmentNamed('Admin sections'), 'Inbox (3)');
    expect(await screen.findByRole('list', { name: 'Inbox' })).toBeInTheDocument();
  });
});
