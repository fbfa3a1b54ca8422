import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduledEvent } from '@cocoa/shared-types';
import { apiFetchList } from '../../../lib/api-fetch';
import { viewerToday } from '../../../lib/viewer-clock';

/** GET /api/events?from={today}: the public upcoming locations (cache 1 minute). */
export const fetchUpcomingEvents = (signal?: AbortSignal) => {
  const now = new Date();
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return apiFetchList<ScheduledEvent>(`/api/events?from=${encodeURIComponent(from.toISOString())}`, signal);
};

/** `today`: the visitor's day the list starts at (a first screen's data names the shop's). */
export const upcomingEventsQueryOptions = (today: string = viewerToday()) =>
  queryOptions({
    queryKey: ['events', 'upcoming', today] as const,
    queryFn: ({ signal }) => fetchUpcomingEvents(signal),
    staleTime: 60 * 1000,
  });

export const useUpcomingEvents = () => useQuery(upcomingEventsQueryOptions());
