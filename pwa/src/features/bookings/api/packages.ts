import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingPackage } from '@cocoa/shared-types';
import { apiFetchList } from '../../../lib/api-fetch';

/** GET /api/booking/packages: the packages the shop offers now (active ones). */
export const fetchBookingPackages = (signal?: AbortSignal) => apiFetchList<BookingPackage>('/api/booking/packages', signal);

/** Public and persisted with the query cache: a request written offline still shows the packages. */
export const bookingPackagesQueryOptions = queryOptions({
  queryKey: ['booking', 'packages'] as const,
  queryFn: ({ signal }) => fetchBookingPackages(signal),
  staleTime: 5 * 60 * 1000,
});

export const useBookingPackages = () => useQuery(bookingPackagesQueryOptions);
