import type { AdminBookingDetail, BookingTrackerChoice } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { toast } from '../../../../ui/toast-store';
import { useBookingChange } from './booking-change';

type Move =
  | { kind: 'accept'; body: { quoteCents?: number; note: string | null; tracker?: BookingTrackerChoice } }
  | { kind: 'decline'; body: { message: string } }
  | { kind: 'cancel'; body: { refundCents: number; message: string } }
  | { kind: 'complete'; body: Record<string, never> };

/** POST /api/admin/bookings/{id}/{accept|decline|cancel|complete}: answers the booking as it now is. */
export const moveBooking = (id: number, move: Move) =>
  apiFetch<AdminBookingDetail>(`/api/admin/bookings/${id}/${move.kind}`, { method: 'POST', body: move.body });

const DONE: Record<Move['kind'], (b: AdminBookingDetail) => [string, string]> = {
  accept: (b) => [
    `Booking ${b.reference} accepted`,
    b.state === 'confirmed' ? 'No deposit asked: the booking is confirmed.' : 'The customer has been e-mailed the quote and the link to pay the deposit.',
  ],
  decline: (b) => [`Booking ${b.reference} declined`, 'The customer has been e-mailed your message.'],
  cancel: (b) => [`Booking ${b.reference} cancelled`, 'The customer has been e-mailed.'],
  complete: (b) => [`Booking ${b.reference} completed`, 'Marked as done.'],
};

/** A move: the detail is replaced with the answer, the lists and month refreshed; a refusal shows the booking as it is. */
export const useMoveBooking = (id: number) =>
  useBookingChange(id, {
    mutationFn: (move: Move) => moveBooking(id, move),
    done: (booking, move) => toast(...DONE[move.kind](booking)),
    refreshes: (key) => key[2] === 'list' || key[2] === 'month',
    failed: 'Could not update the booking',
  });
