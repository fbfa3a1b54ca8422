import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingRescheduled, BookingRescheduleInput } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { toast } from '../../../../ui/toast-store';
import { adminBookingQueryOptions } from './detail';
import { BOOKINGS_KEY } from './key';

/** POST /api/admin/bookings/{id}/reschedule: the booking moved to another day and times; answers it with the warnings about the new day. */
export const rescheduleBooking = (id: number, body: BookingRescheduleInput) =>
  apiFetch<BookingRescheduled>(`/api/admin/bookings/${id}/reschedule`, { method: 'POST', body });

/**
 * Moving a booking: its detail is replaced with the answer; the lists, months and the other
 * bookings' details are refreshed (the old and the new day's clashes changed too). A refusal is
 * the dialog's to show.
 */
export function useRescheduleBooking(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingRescheduleInput) => rescheduleBooking(id, body),
    onSuccess: ({ warnings: _warnings, ...booking }) => {
      client.setQueryData(adminBookingQueryOptions(id).queryKey, booking);
      toast(`Booking ${booking.reference} moved`, 'The customer has been e-mailed the new date and time.');
      return client.invalidateQueries({
        queryKey: BOOKINGS_KEY,
        predicate: (q) => q.queryKey[2] === 'list' || q.queryKey[2] === 'month' || (q.queryKey[2] === 'detail' && q.queryKey[3] !== id),
      });
    },
  });
}
