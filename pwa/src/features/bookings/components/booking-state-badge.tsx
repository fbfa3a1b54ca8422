import { BOOKING_STATE_LABELS, type BookingState } from '@cocoa/shared-types';

/** A booking's state in words ('Awaiting deposit'), coloured by how it stands. */
export function BookingStateBadge({ state }: { state: BookingState }) {
  return <span className={`booking-state booking-state--${state}`}>{BOOKING_STATE_LABELS[state]}</span>;
}
