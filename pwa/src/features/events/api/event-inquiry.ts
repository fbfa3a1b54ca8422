import { useMutation } from '@tanstack/react-query';
import type { EventInquiryInput } from '@cocoa/shared-types';
import { apiFetch, isNetworkError, messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';

/** POST /api/events/inquiries: an event booking inquiry (stored and mailed to the shop); the same idempotencyKey again is stored once. */
export const sendEventInquiry = (inquiry: EventInquiryInput) => apiFetch<{ message: string }>('/api/events/inquiries', { method: 'POST', body: inquiry });

export function useSendEventInquiry() {
  return useMutation({
    mutationFn: sendEventInquiry,
    onSuccess: () => toast('Inquiry Sent!', "Thanks! We'll get back to you with availability and a quote."),
    // No network: the form keeps the inquiry on this device and says so instead (its outbox sends it later).
    onError: (error) => {
      if (!isNetworkError(error)) errorToast('Error', messageOf(error, 'Failed to send your inquiry. Please try again.'));
    },
  });
}
