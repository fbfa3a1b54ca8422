import { useEffect } from 'react';

/** How long a background task waits at most for the page to be idle. */
const IDLE_TIMEOUT_MS = 3000;

/** The background tasks load one after another, each in an idle moment of its own. */
let queue: Promise<void> = Promise.resolve();

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else window.setTimeout(resolve, 1);
  });
}

/**
 * Mounted once by the app shell: loads a background task's module after the first render (its own
 * small chunk, out of the start-up chunk), starts it, and stops it on unmount. `load` answers the
 * task's start function, which answers its stop function; keep it a module-level constant. The
 * tasks wait for the page to be idle and load one at a time (within a few seconds), so a phone
 * taking over the first screen does not evaluate them all in one long task.
 */
export function useStartedLater(load: () => Promise<() => () => void>): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    const started = queue.then(whenIdle).then(async () => {
      if (unmounted) return;
      const start = await load();
      if (!unmounted) stop = start();
    });
    queue = started.catch(() => undefined);
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [load]);
}
