import { useEffect } from 'react';

/**
 * Mounted once by the app shell: loads a background task's module after the first render (its own
 * small chunk, out of the start-up chunk), starts it, and stops it on unmount. `load` answers the
 * task's start function, which answers its stop function; keep it a module-level constant.
 */
export function useStartedLater(load: () => Promise<() => () => void>): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    void load().then((start) => {
      if (!unmounted) stop = start();
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [load]);
}
