import { useStartedLater } from '../../../lib/use-started-later';

const load = () => import('./outbox-sync').then((m) => m.startBookingOutboxSync);

/**
 * Mounted once by the app shell: loads the outbox's sender after the first render (its own small
 * chunk, out of the start-up chunk) and starts it; it sends booking requests written offline when
 * the network is back.
 */
export function useBookingOutboxSync(): void {
  useStartedLater(load);
}
