import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBookingsPage, BookingState } from '@cocoa/shared-types';
import { adminGet } from '../../shared/api/admin-get';
import { BOOKINGS_KEY } from './key';

export interface BookingsFilter {
  state?: BookingState;
  month?: string;
  page?: number;
}

function search(filter: BookingsFilter): string {
  const params = new URLSearchParams();
  if (filter.state) params.set('state', filter.state);
  if (filter.month) params.set('month', filter.month);
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/admin/bookings?state&month&page: a page by event day, with each state's count. */
export const fetchAdminBookings = (filter: BookingsFilter, signal?: AbortSignal) => adminGet<AdminBookingsPage>(`/api/admin/bookings${search(filter)}`, signal);

export const adminBookingsQueryOptions = (filter: BookingsFilter) =>
  queryOptions({
    queryKey: [...BOOKINGS_KEY, 'list', filter] as const,
    queryFn: ({ signal }) => fetchAdminBookings(filter, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useAdminBookings = (filter: BookingsFilter) => useQuery(adminBookingsQueryOptions(filter));
