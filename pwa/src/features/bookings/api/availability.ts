import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingAvailability } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';

/** GET /api/booking/availability?month=YYYY-MM: the month's days that cannot be booked, the shop's today and lead time. */
export const fetchAvailability = (month: string, signal?: AbortSignal) =>
  apiFetch<BookingAvailability>(`/api/booking/availability?month=${encodeURIComponent(month)}`, { signal, cache: 'no-store' });

/** A day may be taken at any moment: asked again after a minute, and on each visit. */
export const availabilityQueryOptions = (month: string) =>
  queryOptions({
    queryKey: ['booking', 'availability', month] as const,
    queryFn: ({ signal }) => fetchAvailability(month, signal),
    staleTime: 60 * 1000,
  });

export const useAvailability = (month: string) => useQuery(availabilityQueryOptions(month));
