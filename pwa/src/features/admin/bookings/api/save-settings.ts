import type { BookingSettings } from '@cocoa/shared-types';
import { useSaveOwnerSettings } from '../../api/owner-api';
import { bookingSettingsQueryOptions, type BookingSettingsView } from './settings';

/** PUT /api/admin/booking/settings: every setting at once. */
export const useSaveBookingSettings = () =>
  useSaveOwnerSettings<BookingSettings, BookingSettingsView>('/api/admin/booking/settings', bookingSettingsQueryOptions, {
    done: () => ['Booking settings saved', 'New requests and quotes follow them from now on.'],
    failed: ['Could not save the booking settings', 'Please try again.'],
  });
