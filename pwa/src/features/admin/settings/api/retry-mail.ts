import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxMessage } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { outboxKey } from './outbox';

/** POST /api/mail/outbox/{id}/retry: a failed message goes back to the queue. */
export const retryMail = (id: number) => apiFetch<OutboxMessage>(`/api/mail/outbox/${id}/retry`, { method: 'POST' });

export function useRetryMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryMail,
    onSuccess: (message) => {
      toast('E-mail queued again', message?.to ? `The message to ${message.to} will be sent again shortly.` : 'The message will be sent again shortly.');
      return client.invalidateQueries({ queryKey: outboxKey });
    },
    onError: (error) => errorToast('Retry failed', messageOf(error, 'Failed to queue the e-mail again')),
  });
}
