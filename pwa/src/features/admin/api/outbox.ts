import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type MailStatus, NEXT_CURSOR_HEADER, type OutboxMessage } from '@cocoa/shared-types';
import { apiFetch, apiFetchWithHeaders, messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';

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

const outboxKey = ['admin', 'outbox'] as const;

export const outboxQueryOptions = (status: MailStatus | 'all') =>
  infiniteQueryOptions({
    queryKey: [...outboxKey, status] as const,
    queryFn: ({ pageParam, signal }) => fetchOutbox(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

export const useOutbox = (status: MailStatus | 'all') => useInfiniteQuery(outboxQueryOptions(status));

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
