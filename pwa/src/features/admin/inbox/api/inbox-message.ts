import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InboxKind, InboxMessage } from '@cocoa/shared-types';
import { adminGet } from '../../shared/api/admin-get';
import { INBOX_KEY } from './inbox';

/** GET /api/admin/inbox/:kind/:id: the whole message and its replies. */
export const inboxMessageQueryOptions = (kind: InboxKind, id: number) =>
  queryOptions({
    queryKey: [...INBOX_KEY, 'message', kind, id] as const,
    queryFn: ({ signal }) => adminGet<InboxMessage>(`/api/admin/inbox/${kind}/${id}`, signal),
    staleTime: 0,
  });

export const useInboxMessage = (kind: InboxKind, id: number) => useQuery(inboxMessageQueryOptions(kind, id));
