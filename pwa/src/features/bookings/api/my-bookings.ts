import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyBooking } from '@cocoa/shared-types';
import { apiFetchList } from '../../../lib/api-fetch';

/** GET /api/me/bookings: the signed-in customer's bookings (those made while signed in). */
export const fetchMyBookings = (signal?: AbortSignal) => apiFetchList<MyBooking>('/api/me/bookings', signal);

/** Personal data: keyed by user, fetched fresh each visit, not kept once the page is gone. */
export const myBookingsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['me', 'bookings', userId] as const,
    queryFn: ({ signal }) => fetchMyBookings(signal),
    staleTime: 0,
    gcTime: 0,
  });

export const useMyBookings = (userId: number) => useQuery(myBookingsQueryOptions(userId));
