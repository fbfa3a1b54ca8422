import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '@cocoa/shared-types';
import { apiFetch, isNetworkError, messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';

/** POST /api/contact {name, email, subject, message, idempotencyKey}: the same key again is stored once. */
export const sendContactMessage = (message: ContactInput) => apiFetch<unknown>('/api/contact', { method: 'POST', body: message });

export function useSendContactMessage() {
  return useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => toast('Message Sent!', "We'll get back to you as soon as possible."),
    // No network: the form keeps the message on this device and says so instead (its outbox sends it later).
    onError: (error) => {
      if (!isNetworkError(error)) errorToast('Error', messageOf(error, 'Failed to send message. Please try again.'));
    },
  });
}
