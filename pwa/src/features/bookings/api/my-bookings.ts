import { useQuery } from '@tanstack/react-query';
import type { MyBooking } from '@cocoa/shared-types';
import { apiFetchList } from '../../../lib/api-fetch';
import { personalQueryOptions } from '../../../lib/personal-query';

/** GET /api/me/bookings: the signed-in customer's bookings (those made while signed in). */
export const fetchMyBookings = (signal?: AbortSignal) => apiFetchList<MyBooking>('/api/me/bookings', signal);

export const myBookingsQueryOptions = (userId: number) => personalQueryOptions(['bookings', userId], fetchMyBookings);

export const useMyBookings = (userId: number) => useQuery(myBookingsQueryOptions(userId));
