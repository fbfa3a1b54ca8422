import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduledEvent } from '@cocoa/shared-types';
import { apiFetchList } from '../../../lib/api-fetch';

/** GET /api/events: scheduled locations (cache 1 minute). */
export const fetchEvents = (signal?: AbortSignal) => apiFetchList<ScheduledEvent>('/api/events', signal);

export const eventsQueryOptions = queryOptions({
  queryKey: ['events'] as const,
  queryFn: ({ signal }) => fetchEvents(signal),
  staleTime: 60 * 1000,
});

export const useEvents = () => useQuery(eventsQueryOptions);
