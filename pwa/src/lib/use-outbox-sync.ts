import { useEffect } from 'react';
import type { SyncedOutbox } from './outbox';

/**
 * An outbox (`createOutbox`), or the import that answers it: then its module and the outbox's own
 * load after the first render (their own chunk, out of the start-up chunk). Keep it a module-level
 * constant.
 */
type OutboxRef = SyncedOutbox | (() => Promise<SyncedOutbox>);

/**
 * Mounted once by the app shell for each outbox: sends what it keeps, whatever page is open, at once
 * when the app starts online, whenever the browser comes back online, when the service worker's sync
 * message for its name asks, and every minute while some still wait (`startOutboxSync`). Stops on unmount.
 */
export function useOutboxSync(outbox: OutboxRef): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    void Promise.all(['getState' in outbox ? outbox : outbox(), import('./outbox').then((m) => m.startOutboxSync)]).then(([store, start]) => {
      if (!unmounted) stop = start(store);
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [outbox]);
}
