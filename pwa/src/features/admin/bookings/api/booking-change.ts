import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBookingDetail } from '@cocoa/shared-types';
import { messageOf } from '../../../../lib/api-fetch';
import { errorToast } from '../../../../ui/toast-store';
import { adminBookingQueryOptions } from './detail';
import { BOOKINGS_KEY } from './key';

interface BookingChange<TInput> {
  mutationFn: (input: TInput) => Promise<AdminBookingDetail>;
  /** Tells the owner what the answer says (a toast). */
  done: (booking: AdminBookingDetail, input: TInput) => void;
  /** Which of the Bookings tab's queries the change makes stale, by their key. */
  refreshes: (queryKey: readonly unknown[]) => boolean;
  /** The error toast's title; its text is the refusal's message. */
  failed: string;
}

/**
 * A change to one booking that answers the booking as it now is: its detail is replaced with the
 * answer and the queries it makes stale refreshed; a refusal is shown and the detail fetched again,
 * so the owner sees the booking as it is.
 */
export function useBookingChange<TInput>(id: number, { mutationFn, done, refreshes, failed }: BookingChange<TInput>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (booking, input) => {
      client.setQueryData(adminBookingQueryOptions(id).queryKey, booking);
      done(booking, input);
      return client.invalidateQueries({ queryKey: BOOKINGS_KEY, predicate: (q) => refreshes(q.queryKey) });
    },
    onError: (error) => {
      errorToast(failed, messageOf(error, 'Please try again.'));
      return client.invalidateQueries({ queryKey: adminBookingQueryOptions(id).queryKey });
    },
  });
}
