import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxPage, InboxState } from '@cocoa/shared-types';
import { adminGet } from '../../shared/api/admin-get';
import { inboxCountsQueryOptions } from './inbox-counts';

export const INBOX_KEY = ['admin', 'inbox'] as const;

/** GET /api/admin/inbox?state&page: both kinds, newest first, a page of 20. */
export const inboxPageQueryOptions = (state: InboxState, page: number) =>
  queryOptions({
    queryKey: [...INBOX_KEY, 'list', state, page] as const,
    queryFn: ({ signal }) => adminGet<InboxPage>(`/api/admin/inbox?state=${state}&page=${page}`, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useInboxPage = (state: InboxState, page: number) => useQuery(inboxPageQueryOptions(state, page));

/** The lists, the counts and the summary's unread figure may all have changed. */
export function refreshInbox(client: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    client.invalidateQueries({ queryKey: [...INBOX_KEY, 'list'] }),
    client.invalidateQueries({ queryKey: inboxCountsQueryOptions.queryKey }),
    client.invalidateQueries({ queryKey: ['admin', 'summary'] }),
  ]);
}
