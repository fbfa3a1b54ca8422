import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';

/** POST /api/contact {name, email, subject, message}. */
export const sendContactMessage = (message: ContactInput) => apiFetch<unknown>('/api/contact', { method: 'POST', body: message });

export function useSendContactMessage() {
  return useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => toast('Message Sent!', "We'll get back to you as soon as possible."),
    onError: (error) => errorToast('Error', messageOf(error, 'Failed to send message. Please try again.')),
  });
}
