import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { dayKey, NEXT_CURSOR_HEADER, type ScheduledEvent } from '@cocoa/shared-types';
import { apiFetchWithHeaders } from '../../../../lib/api-fetch';
import { eventsQueryOptions } from '../../../events';

/**
 * The scheduler's two lists of GET /api/events, split at the start of today in the shop's time
 * zone: 'upcoming' from today on, soonest first (what the owner manages), and 'past' before
 * today, newest first. The split is sent as a bare date ('YYYY-MM-DD'), which the API reads as
 * midnight in the shop's zone, so a tablet in another zone splits where the shop's day begins.
 * Years of locations do not fit one answer, so each comes ADMIN_EVENTS_PAGE at a time; the next
 * page's cursor is in the X-Next-Cursor header.
 */
export type AdminEventsSegment = 'upcoming' | 'past';
export const ADMIN_EVENTS_PAGE = 100;
/** The past list reaches back to the earliest date the API stores (UTC year 1). */
export const ADMIN_PAST_FROM = '0001-01-01';

export interface AdminEventsPage {
  events: ScheduledEvent[];
  nextCursor: string | null;
}

/** The query of one segment split at the given day ('YYYY-MM-DD', the shop's today). */
function adminEventsQuery(segment: AdminEventsSegment, today: string): URLSearchParams {
  const limit = String(ADMIN_EVENTS_PAGE);
  return segment === 'upcoming' ? new URLSearchParams({ from: today, limit }) : new URLSearchParams({ from: ADMIN_PAST_FROM, to: today, order: 'desc', limit });
}

async function fetchAdminEvents(segment: AdminEventsSegment, today: string, cursor: string | null, signal?: AbortSignal): Promise<AdminEventsPage> {
  const query = adminEventsQuery(segment, today);
  if (cursor) query.set('cursor', cursor);
  const path = `/api/events?${query.toString()}`;
  const { data, headers } = await apiFetchWithHeaders<unknown>(path, { signal, cache: 'no-store' });
  if (!Array.isArray(data)) console.warn(`Expected a list from ${path}, got`, data);
  return { events: Array.isArray(data) ? (data as ScheduledEvent[]) : [], nextCursor: headers?.get?.(NEXT_CURSOR_HEADER) || null };
}

/** Both segments' lists, of every month: what a location change invalidates. */
export const adminEventsKey = ['admin', 'events'] as const;

/** The day is part of the key, so the lists split anew when the shop's day turns. */
export const adminEventsQueryOptions = (segment: AdminEventsSegment, today = dayKey(new Date())) =>
  infiniteQueryOptions({
    queryKey: [...adminEventsKey, segment, today] as const,
    queryFn: ({ pageParam, signal }) => fetchAdminEvents(segment, today, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

export const useAdminEvents = (segment: AdminEventsSegment, today?: string) => useInfiniteQuery(adminEventsQueryOptions(segment, today));

export function useInvalidateEvents() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: adminEventsKey }), client.invalidateQueries({ queryKey: eventsQueryOptions.queryKey })]);
}
