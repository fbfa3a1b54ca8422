import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clear, get } from 'idb-keyval';
import { fakeResponse, mockFetch, renderWithProviders, renderWithToasts } from '../../../test/render';
import { useToastStore } from '../../../ui/toast-store';
import { CONTACT_OUTBOX, useContactOutbox } from '../outbox/contact-outbox';
import { startOutboxSync } from '../../../lib/outbox';
import { ContactForm } from './contact-form';
import { fill, fillIn } from '../../../test/form';

const MESSAGE = { name: 'Jane', email: 'jane@example.com', subject: 'Wedding', message: 'Cocoa for 80 guests?' };
const KEPT = "You're offline. Your message is saved on this device and will be sent when you're back online.";

function fillMessage() {
  fill('Name', MESSAGE.name);
  fill('Email', MESSAGE.email);
  fill('Subject', MESSAGE.subject);
  fill('Message', MESSAGE.message);
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'SEND MESSAGE' }));
const saved = () => screen.getByRole('region', { name: 'Messages saved on this device' });
/** The answer when the network fails although the browser says online. */
const networkLost = async (): Promise<Response> => {
  throw new TypeError('Failed to fetch');
};

/** The form with the toasts it raises. */
function renderForm() {
  renderWithToasts(<ContactForm />);
}
const posts = (calls: Array<{ method: string; url: string; body: unknown }>) => calls.filter((c) => c.method === 'POST' && c.url === '/api/contact');

let online = true;

describe('ContactForm', () => {
  beforeEach(async () => {
    useToastStore.getState().dismiss();
    online = true;
    jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    await clear();
    useContactOutbox.setState({ entries: [], hydrated: false });
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the spec messages for an empty or invalid form and sends nothing', async () => {
    const { fn } = mockFetch({});
    renderWithProviders(<ContactForm />);
    fill('Email', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'SEND MESSAGE' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(fn).not.toHaveBeenCalled();
  });

  it('sends the message, toasts and resets the form', async () => {
    const { calls } = mockFetch({ 'POST /api/contact': { status: 201, body: { message: 'ok' } } });
    renderForm();
    fillIn({ Name: 'Jane', Email: 'jane@example.com', Subject: 'Wedding', Message: 'Cocoa for 80 guests?' });
    fireEvent.click(screen.getByRole('button', { name: 'SEND MESSAGE' }));
    expect(await screen.findByText('Message Sent!')).toBeInTheDocument();
    expect(screen.getByText("We'll get back to you as soon as possible.")).toBeInTheDocument();
    // With a fresh idempotency key: a retry of this message would be stored once.
    expect(calls[0]).toEqual({ method: 'POST', url: '/api/contact', body: { ...MESSAGE, idempotencyKey: expect.stringMatching(/^[0-9a-f]{16}$/) } });
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    // Nothing kept on the device.
    expect(screen.queryByRole('region', { name: 'Messages saved on this device' })).not.toBeInTheDocument();
    expect(screen.queryByText(KEPT)).not.toBeInTheDocument();
  });

  it("shows the server's message in an error toast", async () => {
    mockFetch({ 'POST /api/contact': { status: 429, body: { message: 'Too many messages, try later' } } });
    renderForm();
    fillIn({ Name: 'Jane', Email: 'jane@example.com', Subject: 'Hi', Message: 'Hello' });
    fireEvent.click(screen.getByRole('button', { name: 'SEND MESSAGE' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ErrorToo many messages, try later');
    expect(screen.getByLabelText('Name')).toHaveValue('Jane');
  });

  it('offline, keeps the message on the device and says so; back online, it is sent once and the list says when', async () => {
    const { calls } = mockFetch({ 'POST /api/contact': { status: 200, body: { message: 'Message sent' } } });
    renderForm();
    online = false;
    fillMessage();
    submit();
    expect(await screen.findByText(KEPT)).toBeInTheDocument();
    expect(within(saved()).getByText('Waiting to send')).toBeInTheDocument();
    expect(within(saved()).getByText('Wedding')).toBeInTheDocument();
    // Offline: no "Send now" (it could not), and nothing was asked of the network.
    expect(within(saved()).queryByRole('button', { name: 'Send now' })).not.toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
    // The form is empty again; no error toast.
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(useToastStore.getState().current).toBeNull();
    // Kept in IndexedDB, as a reload would find it.
    const stored = (await get(CONTACT_OUTBOX)) as Array<{ id: string; status: string; request: unknown }>;
    expect(stored).toEqual([expect.objectContaining({ status: 'waiting', about: 'Wedding', request: MESSAGE })]);

    const stop = startOutboxSync(useContactOutbox);
    await act(async () => {
      await Promise.resolve();
    });
    expect(posts(calls)).toHaveLength(0);
    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(screen.getByText('Your saved message has reached us.')).toBeInTheDocument();
    expect(within(saved()).getByText(/^Sent at \d{1,2}:\d{2}\s?(AM|PM)$/)).toBeInTheDocument();
    expect(screen.queryByText(KEPT)).not.toBeInTheDocument();
    // Sent once, with the entry's id as its idempotency key; another 'online' sends nothing more.
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(posts(calls).map((c) => c.body)).toEqual([{ ...MESSAGE, idempotencyKey: stored[0].id }]);
    expect(await get(CONTACT_OUTBOX)).toEqual([
      { id: stored[0].id, savedAt: expect.any(String), about: 'Wedding', status: 'sent', sentAt: expect.any(String) },
    ]);

    fireEvent.click(within(saved()).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Messages saved on this device' })).not.toBeInTheDocument());
    expect(await get(CONTACT_OUTBOX)).toEqual([]);
    stop();
  });

  it('keeps the message when the network fails although the browser says online, and sends it again under the same key', async () => {
    let answer = networkLost;
    const { calls } = mockFetch({ 'POST /api/contact': () => answer() });
    renderForm();
    fillMessage();
    submit();
    expect(await screen.findByText(KEPT)).toBeInTheDocument();
    // The browser's 'Failed to fetch' is never shown, nor an error toast: the message is safe.
    expect(screen.queryByText('Failed to fetch')).not.toBeInTheDocument();
    expect(useToastStore.getState().current).toBeNull();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));

    // The server answers now: "Send now" sends it.
    answer = async () => fakeResponse(200, { message: 'Message sent' });
    fireEvent.click(within(saved()).getByRole('button', { name: 'Send now' }));
    expect(await within(saved()).findByText(/^Sent at /)).toBeInTheDocument();
    expect(useToastStore.getState().current).toMatchObject({ title: 'Message sent', description: 'Your saved message has reached us.' });
    // The attempt the network lost and the one from the device carry one key: the server stores it once.
    const keys = posts(calls).map((c) => (c.body as { idempotencyKey?: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{16}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("shows the server's refusal of a saved message and puts it back in the form", async () => {
    let answer = networkLost;
    mockFetch({ 'POST /api/contact': () => answer() });
    renderForm();
    fillMessage();
    submit();
    expect(await screen.findByText(KEPT)).toBeInTheDocument();
    // A server that is away or busy keeps it waiting.
    answer = async () => fakeResponse(503, { message: 'Service Unavailable' });
    fireEvent.click(within(saved()).getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(useContactOutbox.getState().entries).toEqual([expect.objectContaining({ status: 'waiting' })]));
    expect(within(saved()).getByText('Waiting to send')).toBeInTheDocument();

    answer = async () => fakeResponse(403, { message: 'This request came from another site' });
    fireEvent.click(within(saved()).getByRole('button', { name: 'Send now' }));
    expect(await within(saved()).findByText('Not sent: This request came from another site')).toBeInTheDocument();
    expect(useToastStore.getState().current).toMatchObject({
      title: 'Message not sent',
      description: 'This request came from another site',
      variant: 'destructive',
    });
    fireEvent.click(within(saved()).getByRole('button', { name: 'Put it back in the form' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Jane'));
    expect(screen.getByLabelText('Message')).toHaveValue('Cocoa for 80 guests?');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Messages saved on this device' })).not.toBeInTheDocument());
    expect(await get(CONTACT_OUTBOX)).toEqual([]);
  });
});
