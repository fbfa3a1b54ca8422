import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxKind, InboxListItem, InboxMessage, InboxPage, InboxState } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';
import { adminGet } from './admin-get';
import { inboxCountsQueryOptions } from './inbox-counts';

const INBOX_KEY = ['admin', 'inbox'] as const;

/** GET /api/admin/inbox?state&page: both kinds, newest first, a page of 20. */
export const inboxPageQueryOptions = (state: InboxState, page: number) =>
  queryOptions({
    queryKey: [...INBOX_KEY, 'list', state, page] as const,
    queryFn: ({ signal }) => adminGet<InboxPage>(`/api/admin/inbox?state=${state}&page=${page}`, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useInboxPage = (state: InboxState, page: number) => useQuery(inboxPageQueryOptions(state, page));

/** GET /api/admin/inbox/:kind/:id: the whole message and its replies. */
export const inboxMessageQueryOptions = (kind: InboxKind, id: number) =>
  queryOptions({
    queryKey: [...INBOX_KEY, 'message', kind, id] as const,
    queryFn: ({ signal }) => adminGet<InboxMessage>(`/api/admin/inbox/${kind}/${id}`, signal),
    staleTime: 0,
  });

export const useInboxMessage = (kind: InboxKind, id: number) => useQuery(inboxMessageQueryOptions(kind, id));

export type InboxAction = 'read' | 'unread' | 'archive' | 'unarchive';

const ACTION_FAILED: Record<InboxAction, string> = {
  read: 'Could not mark the message read',
  unread: 'Could not mark the message unread',
  archive: 'Could not archive the message',
  unarchive: 'Could not move the message back to the inbox',
};

/** The lists, the counts and the summary's unread figure may all have changed. */
function refreshInbox(client: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    client.invalidateQueries({ queryKey: [...INBOX_KEY, 'list'] }),
    client.invalidateQueries({ queryKey: inboxCountsQueryOptions.queryKey }),
    client.invalidateQueries({ queryKey: ['admin', 'summary'] }),
  ]);
}

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
