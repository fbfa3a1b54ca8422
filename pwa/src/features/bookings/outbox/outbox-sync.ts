import { useBookingOutbox } from './booking-outbox';

/** While requests wait and the browser says it is online, how often they are tried again (a server that was away). */
export const OUTBOX_RETRY_MS = 60_000;

/**
 * Sends the booking requests kept on this device: at once when the app starts online, whenever
 * the browser comes back online, and every minute while some still wait. Answers a stop function.
 */
export function startBookingOutboxSync(): () => void {
  const outbox = useBookingOutbox.getState();
  const flush = () => void outbox.flush();
  void outbox.hydrate().then(flush);
  window.addEventListener('online', flush);
  const timer = window.setInterval(() => {
    if (useBookingOutbox.getState().entries.some((e) => e.status === 'waiting')) flush();
  }, OUTBOX_RETRY_MS);
  return () => {
    window.removeEventListener('online', flush);
    window.clearInterval(timer);
  };
}
