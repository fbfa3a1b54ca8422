import { BOOKING_STATE_LABELS, type BookingState } from '@cocoa/shared-types';
import { StatusPill, type StatusTone } from '../../../ui/status-pill';

/** A payment due waits on the customer; confirmed and completed went well; declined and cancelled stopped. */
const BOOKING_TONES: Partial<Record<BookingState, StatusTone>> = {
  awaiting_deposit: 'waiting',
  balance_due: 'waiting',
  confirmed: 'done',
  completed: 'done',
  declined: 'stopped',
  cancelled: 'stopped',
};

/** A booking's state in words ('Awaiting deposit'), coloured by how it stands (`tone` overrides that). */
export function BookingStateBadge({
  state,
  className = 'booking-state',
  tone = BOOKING_TONES[state],
}: {
  state: BookingState;
  className?: string;
  tone?: StatusTone;
}) {
  return (
    <StatusPill className={className} tone={tone}>
      {BOOKING_STATE_LABELS[state]}
    </StatusPill>
  );
}
