import { useMutation } from '@tanstack/react-query';
import type { EventInquiryInput } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';

/** POST /api/events/inquiries: an event booking inquiry (stored and mailed to the shop). */
export const sendEventInquiry = (inquiry: EventInquiryInput) => apiFetch<{ message: string }>('/api/events/inquiries', { method: 'POST', body: inquiry });

export function useSendEventInquiry() {
  return useMutation({
    mutationFn: sendEventInquiry,
    onSuccess: () => toast('Inquiry Sent!', "Thanks! We'll get back to you with availability and a quote."),
    onError: (error) => errorToast('Error', messageOf(error, 'Failed to send your inquiry. Please try again.')),
  });
}
