import { useSyncExternalStore } from 'react';

/** Nothing to listen to: the value only differs between the server (and hydration) and the browser. */
export const noChanges = () => () => undefined;

/**
 * False while the server renders a first screen and while the app hydrates that markup, true after
 * (and from the start when the app renders without the server's HTML). What only a browser knows
 * (the screen's width, geolocation, an iPhone's install hint) is left out of the server's markup
 * so that the hydration matches it, and shown once the app has taken over.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
