import { fireEvent, screen, within } from '@testing-library/react';
import type { GoLiveChecklist } from '@cocoa/shared-types';
import { mockFetch, renderWithToasts } from '../../../test/render';
import { GoLiveCard } from './go-live-card';

const line = (id: GoLiveChecklist['items'][number]['id'], label: string, missing: string, fix: string, fixLabel: string) => ({
  id,
  label,
  done: missing === '',
  missing,
  fix,
  fixLabel,
});

const DEMO: GoLiveChecklist = {
  ready: false,
  items: [
    line('square', 'Square connected in production mode', 'Square is not connected.', '/admin?tab=settings', 'Open Square settings'),
    line(
      'identity',
      "The shop's name, address, phone and e-mail",
      "Set the shop's name and phone.",
      '/admin?tab=settings#shop-identity',
      'Set the shop’s identity',
    ),
    line('legal', 'Legal pages reviewed', '', '/admin?tab=legal', 'Open the legal pages'),
    line('mail', 'Outgoing e-mail set up and tested', 'Send a test e-mail and follow its link.', '/admin?tab=settings', 'Open outgoing mail'),
    line('publicUrl', 'A public https address', 'PUBLIC_URL is not an https:// address.', '', ''),
  ],
};

const renderCard = () => renderWithToasts(<GoLiveCard />);

describe('GoLiveCard (the admin’s first screen)', () => {
  it('lists what is missing with a link to where it is fixed, a done line as ✓ Done, and says the shop is a demo', async () => {
    mockFetch({ 'GET /api/admin/go-live': { body: DEMO } });
    renderCard();
    expect(screen.getByRole('heading', { name: 'Go-live checklist' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Go-live checklist' });
    expect(screen.getByText(/This shop is a demo until you set its name, address, phone and e-mail/)).toBeInTheDocument();
    const identity = within(list).getByTestId('go-live-identity');
    expect(identity).toHaveTextContent("Set the shop's name and phone.");
    expect(within(identity).getByRole('link', { name: 'Set the shop’s identity' })).toHaveAttribute('href', '/admin?tab=settings#shop-identity');
    expect(within(list).getByTestId('go-live-legal')).toHaveTextContent('✓ Done');
    expect(within(list).getByTestId('go-live-square')).not.toHaveTextContent('Done');
    // A line fixed outside the app (the server's configuration) has no link.
    expect(within(within(list).getByTestId('go-live-publicUrl')).queryByRole('link')).toBeNull();
  });

  it('sends the test e-mail from the mail line', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/go-live': { body: DEMO },
      'POST /api/admin/go-live/test-mail': { status: 202, body: { to: 'owner@ruthsmill.com' } },
    });
    renderCard();
    const mail = await screen.findByTestId('go-live-mail');
    fireEvent.click(within(mail).getByRole('button', { name: 'Send a test e-mail' }));
    expect(await screen.findByText('Open it at owner@ruthsmill.com and follow its link.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/admin/go-live/test-mail']);
  });

  it('says nothing of a demo once the identity line is done', async () => {
    mockFetch({
      'GET /api/admin/go-live': { body: { ...DEMO, items: DEMO.items.map((item) => (item.id === 'identity' ? { ...item, done: true, missing: '' } : item)) } },
    });
    renderCard();
    expect(await within(await screen.findByRole('list', { name: 'Go-live checklist' })).findByTestId('go-live-identity')).toHaveTextContent('✓ Done');
    expect(screen.queryByText(/demo/)).toBeNull();
  });

  it('says when the checklist cannot be read, with a way to try again', async () => {
    mockFetch({ 'GET /api/admin/go-live': { status: 500, body: { message: 'Database away' } } });
    renderCard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the go-live checklist: Database away');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
