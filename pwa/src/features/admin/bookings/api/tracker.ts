import type { AdminBookingDetail, BookingTrackerChoice } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { toast } from '../../../../ui/toast-store';
import { useBookingChange } from './booking-change';

/** PUT /api/admin/bookings/{id}/tracker: whether the booking shows on the tracker; its stop follows at once when confirmed. */
export const setBookingTracker = (id: number, tracker: BookingTrackerChoice) =>
  apiFetch<AdminBookingDetail>(`/api/admin/bookings/${id}/tracker`, { method: 'PUT', body: { tracker } });

export const useSetBookingTracker = (id: number) =>
  useBookingChange(id, {
    mutationFn: (tracker: BookingTrackerChoice) => setBookingTracker(id, tracker),
    done: (booking) =>
      toast('Tracker choice saved', booking.stopId !== null ? 'The booking shows on the tracker.' : 'The booking does not show on the tracker now.'),
    refreshes: (key) => key[2] === 'month',
    failed: 'Could not change the tracker choice',
  });
