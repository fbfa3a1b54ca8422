import { startOutboxSync } from '../../../lib/outbox';
import { BOOKING_OUTBOX, useBookingOutbox } from './booking-outbox';

/**
 * Sends the booking requests kept on this device: at once when the app starts online, whenever
 * the browser comes back online, and every minute while some still wait. Answers a stop function.
 */
export function startBookingOutboxSync(): () => void {
  return startOutboxSync(useBookingOutbox, BOOKING_OUTBOX);
}
