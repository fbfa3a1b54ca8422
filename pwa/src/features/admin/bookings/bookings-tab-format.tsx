import { BookingStateBadge } from '../../bookings';
import {
  BOOKING_ADMIN_STATE_TONES,
  BOOKING_STATE_LABELS,
  type BookingEvent,
  type BookingState,
  formatCents,
  formatEventTime,
  formatLongDate,
} from '@cocoa/shared-types';

/** A booking's day ('YYYY-MM-DD', the shop's calendar) in words. */
export const bookingDate = (day: string) => formatLongDate(`${day}T12:00:00Z`, 'UTC');

/** 'June 5, 2026, 2:00 PM - 5:00 PM' (the shop's wall clock). */
export const bookingWhen = (b: { date: string; startTime: string; endTime: string }) =>
  `${bookingDate(b.date)}, ${formatEventTime(b.startTime)} - ${formatEventTime(b.endTime)}`;

/** The customer's badge in the owner's colours (a request still to answer stands out). */
export function BookingStateLabel({ state }: { state: BookingState }) {
  return <BookingStateBadge state={state} className="bookings-state" tones={BOOKING_ADMIN_STATE_TONES} />;
}

const money = (cents: number | null) => (cents === null ? '' : formatCents(cents));

/** One row of the booking's thread in words. */
export function describeBookingEvent(e: BookingEvent): string {
  const move = e.toState ? ` → ${BOOKING_STATE_LABELS[e.toState]}` : '';
  switch (e.type) {
    case 'requested':
      return 'Booking requested';
    case 'accepted':
      return `Accepted${e.amountCents !== null ? ` with a quote of ${money(e.amountCents)}` : ''}`;
    case 'declined':
      return 'Declined';
    case 'confirmed':
      return 'Confirmed';
    case 'balance-due':
      return `Balance due${e.amountCents !== null ? `: ${money(e.amountCents)}` : ''}`;
    case 'completed':
      return 'Completed';
    case 'cancelled':
      return 'Cancelled';
    case 'deposit-paid':
      return `Deposit of ${money(e.amountCents)} paid${move}`;
    case 'balance-paid':
      return `Balance of ${money(e.amountCents)} paid${move}`;
    case 'payment-failed':
      return `A payment of ${money(e.amountCents)} failed`;
    case 'refunded':
      return `Refunded ${money(e.amountCents)}`;
    case 'tracker-changed':
      return 'Tracker choice changed';
    case 'rescheduled':
      return e.moved ? `Moved from ${bookingWhen(e.moved.from)} to ${bookingWhen(e.moved.to)}` : 'Date or time changed';
    case 'refund-failed':
      return `A refund of ${money(e.amountCents)} failed`;
    case 'refund-retried':
      return `Refund of ${money(e.amountCents)} tried again`;
    default:
      return `${e.type.replace(/-/g, ' ')}${e.amountCents !== null ? ` ${money(e.amountCents)}` : ''}${move}`;
  }
}
