import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clear, get } from 'idb-keyval';
import { fakeResponse, mockFetch, renderWithProviders } from '../../../test/render';
import { useToastStore } from '../../../ui/toast-store';
import { INQUIRY_OUTBOX, useInquiryOutbox } from '../outbox/inquiry-outbox';
import { startOutboxSync } from '../../../lib/outbox';
import { EventInquiryForm } from './event-inquiry-form';

const INQUIRY = {
  eventType: 'corporate',
  eventDate: '2027-03-04',
  guests: 80,
  location: 'Convention Center, Denver, CO',
  name: 'Sam Lee',
  email: 'sam@example.com',
  phone: null,
  message: null,
};
const KEPT = "You're offline. Your inquiry is saved on this device and will be sent when you're back online.";
const ABOUT = 'Corporate event on March 4, 2027 for 80 guests';
const saved = () => screen.getByRole('region', { name: 'Inquiries saved on this device' });
const posts = (calls: Array<{ method: string; url: string; body: unknown }>) => calls.filter((c) => c.method === 'POST' && c.url === '/api/events/inquiries');

let online = true;

describe('EventInquiryForm', () => {
  beforeEach(async () => {
    useToastStore.setState({ current: null });
    online = true;
    jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    await clear();
    useInquiryOutbox.setState({ entries: [], hydrated: false });
  });
  afterEach(() => jest.restoreAllMocks());

  const fill = () => {
    fireEvent.change(screen.getByLabelText('Event type'), { target: { value: 'corporate' } });
    fireEvent.change(screen.getByLabelText('Event date'), { target: { value: '2027-03-04' } });
    fireEvent.change(screen.getByLabelText('Number of guests'), { target: { value: '80' } });
    fireEvent.change(screen.getByLabelText('Event location'), { target: { value: 'Convention Center, Denver, CO' } });
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Sam Lee' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@example.com' } });
  };

  it('shows the shared schema messages and sends nothing when empty', async () => {
    const { calls } = mockFetch({});
    renderWithProviders(<EventInquiryForm />);
    fireEvent.click(screen.getByRole('button', { name: 'SEND INQUIRY' }));
    expect(await screen.findByText('Please choose an event type')).toBeInTheDocument();
    expect(screen.getByText('Event date is required')).toBeInTheDocument();
    expect(screen.getByText('Number of guests is required')).toBeInTheDocument();
    expect(screen.getByText('Event location is required')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('posts the inquiry, confirms with a toast and resets the form', async () => {
    const { calls } = mockFetch({ 'POST /api/events/inquiries': { body: { message: 'Inquiry sent' } } });
    renderWithProviders(<EventInquiryForm />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'SEND INQUIRY' }));
    await waitFor(() => expect(useToastStore.getState().current?.title).toBe('Inquiry Sent!'));
    // With a fresh idempotency key: a retry of this inquiry would be stored once.
    expect(calls[0].body).toEqual({ ...INQUIRY, idempotencyKey: expect.stringMatching(/^[0-9a-f]{16}$/) });
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveValue(''));
    expect(screen.queryByText(KEPT)).not.toBeInTheDocument();
  });

  it('shows the server message in an error toast', async () => {
    mockFetch({ 'POST /api/events/inquiries': { status: 429, body: { message: 'Too many attempts. Please try again in 5 minutes.' } } });
    renderWithProviders(<EventInquiryForm />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'SEND INQUIRY' }));
    await waitFor(() =>
      expect(useToastStore.getState().current).toMatchObject({
        title: 'Error',
        description: 'Too many attempts. Please try again in 5 minutes.',
        variant: 'destructive',
      }),
    );
  });

  it('offline, keeps the inquiry on the device and says so; back online, it is sent once with the same key', async () => {
    const { calls } = mockFetch({ 'POST /api/events/inquiries': { body: { message: 'Inquiry sent' } } });
    renderWithProviders(<EventInquiryForm />);
    online = false;
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'SEND INQUIRY' }));
    expect(await screen.findByText(KEPT)).toBeInTheDocument();
    expect(within(saved()).getByText('Waiting to send')).toBeInTheDocument();
    expect(within(saved()).getByText(ABOUT)).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveValue(''));
    expect(useToastStore.getState().current).toBeNull();
    const stored = (await get(INQUIRY_OUTBOX)) as Array<{ id: string }>;
    expect(stored).toEqual([expect.objectContaining({ status: 'waiting', about: ABOUT, request: INQUIRY })]);

    const stop = startOutboxSync(useInquiryOutbox);
    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await within(saved()).findByText(/^Sent at \d{1,2}:\d{2}\s?(AM|PM)$/)).toBeInTheDocument();
    expect(useToastStore.getState().current).toMatchObject({ title: 'Inquiry sent', description: 'Your saved inquiry has reached us.' });
    expect(screen.queryByText(KEPT)).not.toBeInTheDocument();
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(posts(calls).map((c) => c.body)).toEqual([{ ...INQUIRY, idempotencyKey: stored[0].id }]);
    fireEvent.click(within(saved()).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Inquiries saved on this device' })).not.toBeInTheDocument());
    stop();
  });

  it('keeps the inquiry when the network fails although the browser says online; the retry carries the same key, a refusal goes back to the form', async () => {
    let answer: () => Promise<Response> = async () => {
      throw new TypeError('Failed to fetch');
    };
    const { calls } = mockFetch({ 'POST /api/events/inquiries': () => answer() });
    renderWithProviders(<EventInquiryForm />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'SEND INQUIRY' }));
    expect(await screen.findByText(KEPT)).toBeInTheDocument();
    expect(useToastStore.getState().current).toBeNull();
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveValue(''));

    answer = async () =>
      fakeResponse(409, { message: 'This request key was already used for another inquiry. Please send your inquiry again.', code: 'IDEMPOTENCY_KEY_REUSED' });
    fireEvent.click(within(saved()).getByRole('button', { name: 'Send now' }));
    expect(
      await within(saved()).findByText('Not sent: This request key was already used for another inquiry. Please send your inquiry again.'),
    ).toBeInTheDocument();
    expect(useToastStore.getState().current).toMatchObject({ title: 'Inquiry not sent', variant: 'destructive' });
    const keys = posts(calls).map((c) => (c.body as { idempotencyKey?: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{16}$/);
    expect(keys[1]).toBe(keys[0]);

    fireEvent.click(within(saved()).getByRole('button', { name: 'Put it back in the form' }));
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveValue('Sam Lee'));
    expect(screen.getByLabelText('Event type')).toHaveValue('corporate');
    expect(screen.getByLabelText('Number of guests')).toHaveValue(80);
    expect(screen.getByLabelText('Phone (optional)')).toHaveValue('');
    expect(await get(INQUIRY_OUTBOX)).toEqual([]);
  });
});
