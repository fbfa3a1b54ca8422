import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type EventInput, NEXT_CURSOR_HEADER, type ScheduledEvent } from '@cocoa/shared-types';
import { apiFetch, apiFetchWithHeaders } from '../../../lib/api-fetch';
import { eventsQueryOptions } from '../../events';

/**
 * GET /api/events from a fixed early date: the scheduler manages every scheduled location, past
 * ones included (the public default starts at the current month). Years of locations do not fit
 * one answer, so they come ADMIN_EVENTS_PAGE at a time, by date; the next page's cursor is in the
 * X-Next-Cursor header.
 */
export const ADMIN_EVENTS_FROM = '2000-01-01';
export const ADMIN_EVENTS_PAGE = 100;

export interface AdminEventsPage {
  events: ScheduledEvent[];
  nextCursor: string | null;
}

export async function fetchAdminEvents(cursor: string | null, signal?: AbortSignal): Promise<AdminEventsPage> {
  const query = new URLSearchParams({ from: ADMIN_EVENTS_FROM, limit: String(ADMIN_EVENTS_PAGE) });
  if (cursor) query.set('cursor', cursor);
  const path = `/api/events?${query.toString()}`;
  const { data, headers } = await apiFetchWithHeaders<unknown>(path, { signal, cache: 'no-store' });
  if (!Array.isArray(data)) console.warn(`Expected a list from ${path}, got`, data);
  return { events: Array.isArray(data) ? (data as ScheduledEvent[]) : [], nextCursor: headers?.get?.(NEXT_CURSOR_HEADER) || null };
}

export const adminEventsQueryOptions = infiniteQueryOptions({
  queryKey: ['admin', 'events'] as const,
  queryFn: ({ pageParam, signal }) => fetchAdminEvents(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  staleTime: 0,
});

export const useAdminEvents = () => useInfiniteQuery(adminEventsQueryOptions);

export const createEvent = (body: EventInput) => apiFetch<ScheduledEvent>('/api/events', { method: 'POST', body });
export const updateEvent = ({ id, body }: { id: number; body: EventInput }) => apiFetch<ScheduledEvent>(`/api/events/${id}`, { method: 'PUT', body });
export const deleteEvent = (id: number) => apiFetch<void>(`/api/events/${id}`, { method: 'DELETE' });

function useInvalidateEvents() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminEventsQueryOptions.queryKey }),
      client.invalidateQueries({ queryKey: eventsQueryOptions.queryKey }),
    ]);
}

/** Toasts are shown by the dialog, which knows the save step (geocoding or saving). */
export function useSaveEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: EventInput }) => (id ? updateEvent({ id, body }) : createEvent(body)),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteEvent() {
  const invalidate = useInvalidateEvents();
  return useMutation({ mutationFn: deleteEvent, onSuccess: () => invalidate() });
}
