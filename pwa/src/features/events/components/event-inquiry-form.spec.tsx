import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { useToastStore } from '../../../ui/toast-store';
import { EventInquiryForm } from './event-inquiry-form';

describe('EventInquiryForm', () => {
  beforeEach(() => useToastStore.setState({ current: null }));

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
    expect(calls[0].body).toEqual({ eventType: 'corporate', eventDate: '2027-03-04', guests: 80, location: 'Convention Center, Denver, CO', name: 'Sam Lee', email: 'sam@example.com', phone: null, message: null });
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveValue(''));
  });

  it('shows the server message in an error toast', async () => {
    mockFetch({ 'POST /api/events/inquiries': { status: 429, body: { message: 'Too many attempts. Please try again in 5 minutes.' } } });
    renderWithProviders(<EventInquiryForm />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'SEND INQUIRY' }));
    await waitFor(() => expect(useToastStore.getState().current).toMatchObject({ title: 'Error', description: 'Too many attempts. Please try again in 5 minutes.', variant: 'destructive' }));
  });
});
