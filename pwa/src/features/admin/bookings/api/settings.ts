import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingSettings } from '@cocoa/shared-types';
import { adminGet } from '../../shared/api/admin-get';
import { BOOKINGS_KEY } from './key';

export type BookingSettingsView = BookingSettings & { policyText: string };

export const bookingSettingsQueryOptions = queryOptions({
  queryKey: [...BOOKINGS_KEY, 'settings'] as const,
  queryFn: ({ signal }) => adminGet<BookingSettingsView>('/api/admin/booking/settings', signal),
  staleTime: 0,
});

export const useBookingSettings = () => useQuery(bookingSettingsQueryOptions);
