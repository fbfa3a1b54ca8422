import type { EventInquiryInput } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';
import { useFormSend } from '../../../ui/form-outbox';

/** POST /api/events/inquiries: an event booking inquiry (stored and mailed to the shop); the same idempotencyKey again is stored once. */
export const sendEventInquiry = (inquiry: EventInquiryInput) => apiFetch<{ message: string }>('/api/events/inquiries', { method: 'POST', body: inquiry });

export const useSendEventInquiry = () =>
  useFormSend(
    sendEventInquiry,
    { title: 'Inquiry Sent!', description: "Thanks! We'll get back to you with availability and a quote." },
    'Failed to send your inquiry. Please try again.',
  );
