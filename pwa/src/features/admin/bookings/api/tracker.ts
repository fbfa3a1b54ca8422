import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBookingDetail, BookingTrackerChoice } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { adminBookingQueryOptions } from './detail';
import { BOOKINGS_KEY } from './key';

/** PUT /api/admin/bookings/{id}/tracker: whether the booking shows on the tracker; its stop follows at once when confirmed. */
export const setBookingTracker = (id: number, tracker: BookingTrackerChoice) =>
  apiFetch<AdminBookingDetail>(`/api/admin/bookings/${id}/tracker`, { method: 'PUT', body: { tracker } });

export function useSetBookingTracker(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tracker: BookingTrackerChoice) => setBookingTracker(id, tracker),
    onSuccess: (booking) => {
      client.setQueryData(adminBookingQueryOptions(id).queryKey, booking);
      toast('Tracker choice saved', booking.stopId !== null ? 'The booking shows on the tracker.' : 'The booking does not show on the tracker now.');
      return client.invalidateQueries({ queryKey: BOOKINGS_KEY, predicate: (q) => q.queryKey[2] === 'month' });
    },
    onError: (error) => {
      errorToast('Could not change the tracker choice', messageOf(error, 'Please try again.'));
      return client.invalidateQueries({ queryKey: adminBookingQueryOptions(id).queryKey });
    },
  });
}
