import { useEffect } from 'react';

/**
 * Mounted once by the app shell: loads the outbox's sender after the first render (its own small
 * chunk, out of the start-up chunk) and starts it; it sends booking requests written offline when
 * the network is back.
 */
export function useBookingOutboxSync(): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    void import('./outbox-sync').then(({ startBookingOutboxSync }) => {
      if (!unmounted) stop = startBookingOutboxSync();
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, []);
}
