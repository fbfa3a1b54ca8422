import { useSyncExternalStore } from 'react';

/** When the browser last said the connection came back ('online'), in epoch ms; undefined until it has. */
let reconnectedAt: number | undefined;
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    reconnectedAt = Date.now();
  });
}

/** How long ago the connection came back, in ms; Infinity if it has not dropped since the app started. */
export function msSinceReconnect(): number {
  return reconnectedAt === undefined ? Infinity : Date.now() - reconnectedAt;
}

function subscribe(callback: () => void) {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
