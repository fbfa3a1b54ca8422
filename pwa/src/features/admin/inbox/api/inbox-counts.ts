import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InboxCounts } from '@cocoa/shared-types';
import { adminGet } from '../../shared/api/admin-get';

/** How often the header and the Inbox tab ask for the unread count. */
export const INBOX_COUNT_POLL_MS = 60_000;

/**
 * GET /api/admin/inbox/counts: the unread count the app header's Admin link and the Inbox tab show.
 * Its own small file: the header (in the start-up chunk) imports it through the feature's index.
 */
export const inboxCountsQueryOptions = queryOptions({
  queryKey: ['admin', 'inbox', 'counts'] as const,
  queryFn: ({ signal }) => adminGet<InboxCounts>('/api/admin/inbox/counts', signal),
  staleTime: 0,
  refetchInterval: INBOX_COUNT_POLL_MS,
});

/** The unread count, polled every minute while `enabled` (an admin is signed in); undefined until known or when not enabled. */
export function useInboxUnread(enabled: boolean): number | undefined {
  const query = useQuery({ ...inboxCountsQueryOptions, enabled });
  return enabled ? query.data?.unread : undefined;
}
