import { queryOptions, useQuery } from '@tanstack/react-query';
import { dayKey, type ScheduledEvent } from '@cocoa/shared-types';
import { apiFetchList } from '../../../lib/api-fetch';

/** GET /api/events?from={today}: the public upcoming locations (cache 1 minute). */
export const fetchUpcomingEvents = (signal?: AbortSignal) => {
  const now = new Date();
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return apiFetchList<ScheduledEvent>(`/api/events?from=${encodeURIComponent(from.toISOString())}`, signal);
};

export const upcomingEventsQueryOptions = () =>
  queryOptions({
    queryKey: ['events', 'upcoming', dayKey(new Date())] as const,
    queryFn: ({ signal }) => fetchUpcomingEvents(signal),
    staleTime: 60 * 1000,
  });

export const useUpcomingEvents = () => useQuery(upcomingEventsQueryOptions());
