import { queryOptions, useQuery } from '@tanstack/react-query';
import { DAY_MS, type ScheduledEvent } from '@cocoa/shared-types';
import { apiFetchList } from '../../../lib/api-fetch';
import { useViewerToday } from '../../../lib/viewer-clock';

/**
 * GET /api/events?from=…: the public upcoming locations (cache 1 minute), asked from a day ago. A
 * stop's day is its own zone's, and today there began less than a day ago wherever the visitor
 * is: from the visitor's midnight, a visitor ahead of the shop (in UTC, say, at 1 AM) would miss the
 * stop the cart is serving at that evening. UpcomingLocations leaves out the days already over.
 */
export const fetchUpcomingEvents = (signal?: AbortSignal) => {
  const from = new Date(Date.now() - DAY_MS);
  return apiFetchList<ScheduledEvent>(`/api/events?from=${encodeURIComponent(from.toISOString())}`, signal);
};

/** `today`: the visitor's day the list starts at (a first screen's data names the shop's). */
export const upcomingEventsQueryOptions = (today: string) =>
  queryOptions({
    queryKey: ['events', 'upcoming', today] as const,
    queryFn: ({ signal }) => fetchUpcomingEvents(signal),
    staleTime: 60 * 1000,
  });

export const useUpcomingEvents = () => useQuery(upcomingEventsQueryOptions(useViewerToday()));
