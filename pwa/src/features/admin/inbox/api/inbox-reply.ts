import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InboxKind, InboxMessage } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { refreshInbox } from './inbox';
import { inboxMessageQueryOptions } from './inbox-message';

/** POST /api/admin/inbox/:kind/:id/reply {body}: queued for sending; answers the message with its thread. */
export function useInboxReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, body }: { kind: InboxKind; id: number; body: string }) =>
      apiFetch<InboxMessage>(`/api/admin/inbox/${kind}/${id}/reply`, { method: 'POST', body: { body } }),
    onSuccess: (message) => {
      client.setQueryData(inboxMessageQueryOptions(message.kind, message.id).queryKey, message);
      toast('Reply queued', `Your reply to ${message.name} will be sent by e-mail.`);
      return refreshInbox(client);
    },
    onError: (error) => errorToast('Reply not sent', messageOf(error, 'Failed to send the reply. Please try again.')),
  });
}
