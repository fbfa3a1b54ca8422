import { fireEvent, screen, within } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { expectChosen, segmentNamed, tapChoice } from '../../../test/ionic';
import { MailTemplatesCard } from './mail-templates-card';

const LIST = [
  { name: 'order-confirmation', label: 'Order confirmation (to the customer)' },
  { name: 'order-shipped', label: 'Order shipped (to the customer)' },
];
const CONFIRMATION = {
  subject: 'Your Cocoa Shop order 3f9a2c1e is confirmed',
  html: '<!DOCTYPE html><html lang="en"><body><h1>Thank you for your order, Ana Díaz!</h1><script>parent.alert(1)</script></body></html>',
  text: 'Thank you for your order, Ana Díaz!\n\nItem                     Qty   Price    Total\nClassic Dark Hot Cocoa   2     $14.99   $29.98',
};
const SHIPPED = {
  subject: 'Your Cocoa Shop order 3f9a2c1e has shipped',
  html: '<html lang="en"><body>USPS</body></html>',
  text: 'Tracking number: 9400111899223197428490',
};

describe('MailTemplatesCard', () => {
  it('shows the first template: its subject, the HTML part in a sandboxed frame, the text part on the switch', async () => {
    const { fn } = mockFetch({
      'GET /api/mail/templates': { body: LIST },
      'GET /api/mail/templates/order-confirmation/preview': { body: CONFIRMATION },
    });
    renderWithProviders(<MailTemplatesCard />);
    const card = screen.getByRole('region', { name: 'E-mail Templates' });
    expect(await within(card).findByText(CONFIRMATION.subject)).toBeInTheDocument();
    expect(screen.getByLabelText('Template')).toHaveValue('order-confirmation');
    expect(fn.mock.calls.find(([url]) => url === '/api/mail/templates')?.[1]).toMatchObject({ cache: 'no-store', credentials: 'include' });

    const frame = screen.getByTitle('HTML part of Order confirmation (to the customer)');
    expect(frame.tagName).toBe('IFRAME');
    // sandbox with no permission at all: the message's markup runs no script and cannot reach this page
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(CONFIRMATION.html);

    const parts = segmentNamed('Part to show');
    await expectChosen(parts, 'HTML');
    await tapChoice(parts, 'Text');
    await expectChosen(parts, 'Text');
    const pre = screen.getByLabelText('Text part of Order confirmation (to the customer)');
    expect(pre.tagName).toBe('PRE');
    // kept exactly as sent: the columns of the order lines line up
    expect(pre.textContent).toBe(CONFIRMATION.text);
    expect(screen.queryByTitle(/HTML part/)).not.toBeInTheDocument();
  });

  it('previews the template chosen in the list', async () => {
    const { calls } = mockFetch({
      'GET /api/mail/templates': { body: LIST },
      'GET /api/mail/templates/order-confirmation/preview': { body: CONFIRMATION },
      'GET /api/mail/templates/order-shipped/preview': { body: SHIPPED },
    });
    renderWithProviders(<MailTemplatesCard />);
    await screen.findByText(CONFIRMATION.subject);
    const select = screen.getByLabelText('Template');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(LIST.map((t) => t.label));
    fireEvent.change(select, { target: { value: 'order-shipped' } });
    expect(await screen.findByText(SHIPPED.subject)).toBeInTheDocument();
    expect(screen.getByTitle('HTML part of Order shipped (to the customer)')).toHaveAttribute('srcdoc', SHIPPED.html);
    expect(calls.map((c) => c.url)).toContain('/api/mail/templates/order-shipped/preview');
  });

  it("says why when the list or a preview cannot be loaded, with the server's message", async () => {
    mockFetch({
      'GET /api/mail/templates': { body: LIST },
      'GET /api/mail/templates/order-confirmation/preview': { status: 404, body: { message: 'There is no e-mail template with that name' } },
    });
    const first = renderWithProviders(<MailTemplatesCard />);
    expect(await screen.findByText(/Could not render the preview: There is no e-mail template with that name/)).toBeInTheDocument();
    first.unmount();

    mockFetch({ 'GET /api/mail/templates': { status: 403, body: { message: 'Admin access required' } } });
    renderWithProviders(<MailTemplatesCard />);
    expect(await screen.findByText(/Could not load the templates: Admin access required/)).toBeInTheDocument();
  });
});
