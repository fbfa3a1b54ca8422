import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type MailStatus, NEXT_CURSOR_HEADER, type OutboxMessage } from '@cocoa/shared-types';
import { apiFetchWithHeaders } from '../../../../lib/api-fetch';

/** Messages per page of the outbox card. */
export const OUTBOX_PAGE = 20;

export interface OutboxPage {
  messages: OutboxMessage[];
  nextCursor: string | null;
}

/** GET /api/mail/outbox?status=&limit=&cursor=: newest first; the next page's cursor is in X-Next-Cursor. */
async function fetchOutbox(status: MailStatus | 'all', cursor: string | null, signal?: AbortSignal): Promise<OutboxPage> {
  const query = new URLSearchParams({ limit: String(OUTBOX_PAGE) });
  if (status !== 'all') query.set('status', status);
  if (cursor) query.set('cursor', cursor);
  const path = `/api/mail/outbox?${query.toString()}`;
  const { data, headers } = await apiFetchWithHeaders<unknown>(path, { signal, cache: 'no-store' });
  if (!Array.isArray(data)) console.warn(`Expected a list from ${path}, got`, data);
  return { messages: Array.isArray(data) ? (data as OutboxMessage[]) : [], nextCursor: headers?.get?.(NEXT_CURSOR_HEADER) || null };
}

export const outboxKey = ['admin', 'outbox'] as const;

export const outboxQueryOptions = (status: MailStatus | 'all') =>
  infiniteQueryOptions({
    queryKey: [...outboxKey, status] as const,
    queryFn: ({ pageParam, signal }) => fetchOutbox(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

export const useOutbox = (status: MailStatus | 'all') => useInfiniteQuery(outboxQueryOptions(status));
