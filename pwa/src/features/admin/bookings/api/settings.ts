import { useQuery } from '@tanstack/react-query';
import type { BookingSettings } from '@cocoa/shared-types';
import { adminQueryOptions } from '../../api/owner-api';
import { BOOKINGS_KEY } from './key';

export type BookingSettingsView = BookingSettings & { policyText: string };

export const bookingSettingsQueryOptions = adminQueryOptions<BookingSettingsView>([...BOOKINGS_KEY, 'settings'], '/api/admin/booking/settings');

export const useBookingSettings = () => useQuery(bookingSettingsQueryOptions);
