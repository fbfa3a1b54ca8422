import { useQuery } from '@tanstack/react-query';
import type { AdminBookingDetail } from '@cocoa/shared-types';
import { adminQueryOptions } from '../../api/owner-api';
import { BOOKINGS_KEY } from './key';

/** GET /api/admin/bookings/{id}: the whole booking, its thread, payments and the day's clashes. */
export const adminBookingQueryOptions = (id: number) => adminQueryOptions<AdminBookingDetail>([...BOOKINGS_KEY, 'detail', id], `/api/admin/bookings/${id}`);

export const useAdminBooking = (id: number) => useQuery(adminBookingQueryOptions(id));
