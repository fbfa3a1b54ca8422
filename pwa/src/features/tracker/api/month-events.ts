import { queryOptions, useQuery } from '@tanstack/react-query';
import { monthRange, type ScheduledEvent } from '@cocoa/shared-types';
import { apiFetchWithHeaders } from '../../../lib/api-fetch';

export interface MonthEvents {
  events: ScheduledEvent[];
  /** When the server produced this answer (its Date header): older than now when a cache answered. */
  fetchedAt: string;
}

/** GET /api/events?from=&to= for one month ('YYYY-MM'), local month bounds. */
export async function fetchMonthEvents(month: string, signal?: AbortSignal): Promise<MonthEvents> {
  const { from, to } = monthRange(month);
  const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString() });
  const { data, headers } = await apiFetchWithHeaders<unknown>(`/api/events?${query}`, { signal });
  let events: ScheduledEvent[] = [];
  if (Array.isArray(data)) events = data as ScheduledEvent[];
  else console.warn('Expected a list from /api/events, got', data);
  const date = headers.get('date');
  const fetchedAt = date && !Number.isNaN(Date.parse(date)) ? new Date(date).toISOString() : new Date().toISOString();
  return { events, fetchedAt };
}

/** Cached 1 minute and persisted with the rest of the query cache for offline use. */
export const monthEventsQueryOptions = (month: string) =>
  queryOptions({
    queryKey: ['events', 'month', month] as const,
    queryFn: ({ signal }) => fetchMonthEvents(month, signal),
    staleTime: 60 * 1000,
  });

export const useMonthEvents = (month: string) => useQuery(monthEventsQueryOptions(month));
