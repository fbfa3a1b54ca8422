import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InboxKind, InboxListItem } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast } from '../../../../ui/toast-store';
import { refreshInbox } from './inbox';
import { inboxMessageQueryOptions } from './inbox-message';

export type InboxAction = 'read' | 'unread' | 'archive' | 'unarchive';

const ACTION_FAILED: Record<InboxAction, string> = {
  read: 'Could not mark the message read',
  unread: 'Could not mark the message unread',
  archive: 'Could not archive the message',
  unarchive: 'Could not move the message back to the inbox',
};

/** POST /api/admin/inbox/:kind/:id/{read,unread,archive,unarchive}: answers the message's list row. */
export function useInboxAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, action }: { kind: InboxKind; id: number; action: InboxAction }) =>
      apiFetch<InboxListItem>(`/api/admin/inbox/${kind}/${id}/${action}`, { method: 'POST' }),
    onSuccess: (row, { kind, id }) => {
      client.setQueryData(inboxMessageQueryOptions(kind, id).queryKey, (old) => (old ? { ...old, readAt: row.readAt, archivedAt: row.archivedAt } : old));
      return refreshInbox(client);
    },
    onError: (error, { action }) => errorToast('Inbox', messageOf(error, ACTION_FAILED[action])),
  });
}
