import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingSettings } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { toast } from '../../../../ui/toast-store';
import { bookingSettingsQueryOptions, type BookingSettingsView } from './settings';

/** PUT /api/admin/booking/settings: every setting at once. */
export function useSaveBookingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingSettings) => apiFetch<BookingSettingsView>('/api/admin/booking/settings', { method: 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData(bookingSettingsQueryOptions.queryKey, saved);
      toast('Booking settings saved', 'New requests and quotes follow them from now on.');
    },
  });
}
