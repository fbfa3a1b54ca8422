import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '../../../test/render';
import { ToastViewport } from '../../../ui/toast-viewport';
import { useToastStore } from '../../../ui/toast-store';
import { ContactForm } from './contact-form';

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ContactForm', () => {
  beforeEach(() => useToastStore.getState().dismiss());

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
    renderWithProviders(<><ContactForm /><ToastViewport /></>);
    fill('Name', 'Jane');
    fill('Email', 'jane@example.com');
    fill('Subject', 'Wedding');
    fill('Message', 'Cocoa for 80 guests?');
    fireEvent.click(screen.getByRole('button', { name: 'SEND MESSAGE' }));
    expect(await screen.findByText('Message Sent!')).toBeInTheDocument();
    expect(screen.getByText("We'll get back to you as soon as possible.")).toBeInTheDocument();
    expect(calls[0]).toEqual({ method: 'POST', url: '/api/contact', body: { name: 'Jane', email: 'jane@example.com', subject: 'Wedding', message: 'Cocoa for 80 guests?' } });
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
  });

  it("shows the server's message in an error toast", async () => {
    mockFetch({ 'POST /api/contact': { status: 429, body: { message: 'Too many messages, try later' } } });
    renderWithProviders(<><ContactForm /><ToastViewport /></>);
    fill('Name', 'Jane');
    fill('Email', 'jane@example.com');
    fill('Subject', 'Hi');
    fill('Message', 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'SEND MESSAGE' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ErrorToo many messages, try later');
    expect(screen.getByLabelText('Name')).toHaveValue('Jane');
  });

  it("without a connection says the spec's 'Failed to send message. Please try again.' and keeps what was typed", async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderWithProviders(<><ContactForm /><ToastViewport /></>);
    fill('Name', 'Jane');
    fill('Email', 'jane@example.com');
    fill('Subject', 'Wedding');
    fill('Message', 'Cocoa for 80 guests?');
    fireEvent.click(screen.getByRole('button', { name: 'SEND MESSAGE' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ErrorFailed to send message. Please try again.');
    expect(screen.queryByText('Failed to fetch')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Jane');
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com');
    expect(screen.getByLabelText('Subject')).toHaveValue('Wedding');
    expect(screen.getByLabelText('Message')).toHaveValue('Cocoa for 80 guests?');
    expect(screen.getByRole('button', { name: 'SEND MESSAGE' })).toBeEnabled();
  });
});
