import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type EventInput, monthKey, monthRange, NEXT_CURSOR_HEADER, type ScheduledEvent } from '@cocoa/shared-types';
import { apiFetch, apiFetchWithHeaders } from '../../../lib/api-fetch';
import { eventsQueryOptions } from '../../events';

/**
 * The scheduler's two lists of GET /api/events, split at the first day of the current month
 * (local): 'upcoming' from then on, soonest first (what the owner manages), and 'past' before it,
 * newest first. Years of locations do not fit one answer, so each comes ADMIN_EVENTS_PAGE at a
 * time; the next page's cursor is in the X-Next-Cursor header.
 */
export type AdminEventsSegment = 'upcoming' | 'past';
export const ADMIN_EVENTS_PAGE = 100;
/** The past list reaches back to the earliest date the API stores (UTC year 1). */
export const ADMIN_PAST_FROM = '0001-01-01';

export interface AdminEventsPage {
  events: ScheduledEvent[];
  nextCursor: string | null;
}

/** The query of one segment for the given month ('YYYY-MM'): its first day splits the two. */
export function adminEventsQuery(segment: AdminEventsSegment, month: string): URLSearchParams {
  const split = monthRange(month).from.toISOString();
  const limit = String(ADMIN_EVENTS_PAGE);
  return segment === 'upcoming'
    ? new URLSearchParams({ from: split, limit })
    : new URLSearchParams({ from: ADMIN_PAST_FROM, to: split, order: 'desc', limit });
}

export async function fetchAdminEvents(segment: AdminEventsSegment, month: string, cursor: string | null, signal?: AbortSignal): Promise<AdminEventsPage> {
  const query = adminEventsQuery(segment, month);
  if (cursor) query.set('cursor', cursor);
  const path = `/api/events?${query.toString()}`;
  const { data, headers } = await apiFetchWithHeaders<unknown>(path, { signal, cache: 'no-store' });
  if (!Array.isArray(data)) console.warn(`Expected a list from ${path}, got`, data);
  return { events: Array.isArray(data) ? (data as ScheduledEvent[]) : [], nextCursor: headers?.get?.(NEXT_CURSOR_HEADER) || null };
}

/** Both segments' lists, of every month: what a location change invalidates. */
export const adminEventsKey = ['admin', 'events'] as const;

/** The month is part of the key, so the lists split anew when the month turns. */
export const adminEventsQueryOptions = (segment: AdminEventsSegment, month = monthKey(new Date())) =>
  infiniteQueryOptions({
    queryKey: [...adminEventsKey, segment, month] as const,
    queryFn: ({ pageParam, signal }) => fetchAdminEvents(segment, month, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

export const useAdminEvents = (segment: AdminEventsSegment, month?: string) => useInfiniteQuery(adminEventsQueryOptions(segment, month));

export const createEvent = (body: EventInput) => apiFetch<ScheduledEvent>('/api/events', { method: 'POST', body });
export const updateEvent = ({ id, body }: { id: number; body: EventInput }) => apiFetch<ScheduledEvent>(`/api/events/${id}`, { method: 'PUT', body });
export const deleteEvent = (id: number) => apiFetch<void>(`/api/events/${id}`, { method: 'DELETE' });

function useInvalidateEvents() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminEventsKey }),
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
