import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBookingDetail } from '@cocoa/shared-types';
import { adminGet } from '../../shared/api/admin-get';
import { BOOKINGS_KEY } from './key';

/** GET /api/admin/bookings/{id}: the whole booking, its thread, payments and the day's clashes. */
export const fetchAdminBooking = (id: number, signal?: AbortSignal) => adminGet<AdminBookingDetail>(`/api/admin/bookings/${id}`, signal);

export const adminBookingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...BOOKINGS_KEY, 'detail', id] as const,
    queryFn: ({ signal }) => fetchAdminBooking(id, signal),
    staleTime: 0,
  });

export const useAdminBooking = (id: number) => useQuery(adminBookingQueryOptions(id));
