import type { ContactInput } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';
import { useFormSend } from '../../../ui/form-outbox';

/** POST /api/contact {name, email, subject, message, idempotencyKey}: the same key again is stored once. */
export const sendContactMessage = (message: ContactInput) => apiFetch<unknown>('/api/contact', { method: 'POST', body: message });

export const useSendContactMessage = () =>
  useFormSend(
    sendContactMessage,
    { title: 'Message Sent!', description: "We'll get back to you as soon as possible." },
    'Failed to send message. Please try again.',
  );
