import type { BookingSettings } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { useOwnerChange } from '../../api/owner-api';
import { bookingSettingsQueryOptions, type BookingSettingsView } from './settings';

/** PUT /api/admin/booking/settings: every setting at once. */
export const useSaveBookingSettings = () =>
  useOwnerChange({
    mutationFn: (body: BookingSettings) => apiFetch<BookingSettingsView>('/api/admin/booking/settings', { method: 'PUT', body }),
    done: () => ['Booking settings saved', 'New requests and quotes follow them from now on.'],
    refresh: (client, saved) => void client.setQueryData(bookingSettingsQueryOptions.queryKey, saved),
  });
