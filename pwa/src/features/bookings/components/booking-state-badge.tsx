import { BOOKING_STATE_LABELS, BOOKING_STATE_TONES, type BookingState, type StatusTone } from '@cocoa/shared-types';
import { StatusPill } from '../../../ui/status-pill';

/** A booking's state in words ('Awaiting deposit'), coloured by how it stands (`tones`: whose colours). */
export function BookingStateBadge({
  state,
  className = 'booking-state',
  tones = BOOKING_STATE_TONES,
}: {
  state: BookingState;
  className?: string;
  tones?: Readonly<Partial<Record<BookingState, StatusTone>>>;
}) {
  return (
    <StatusPill className={className} tone={tones[state]}>
      {BOOKING_STATE_LABELS[state]}
    </StatusPill>
  );
}
