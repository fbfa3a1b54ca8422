// From time-zone.ts alone (tracker.ts's dayKey would bring the events schema, and zod, into the start-up chunk).
import { useSyncExternalStore } from 'react';
import { dayIn, localTimeZone } from '@cocoa/shared-types';
import { noChanges } from './use-hydrated';

/** Set only while the server renders a first screen (pwa/src/server/first-screens.tsx). */
let renderZone: string | undefined;
/** In the browser: the zone the server rendered the page the app hydrates in (its data block's). */
let hydrationZone: string | undefined;

/**
 * The zone the visitor reads times in: the browser's own. While the server renders a first
 * screen it is the shop's (the server process's zone is never read), so the page painted from the
 * server's HTML is the one a visitor in the shop's zone then gets from the app.
 */
function viewerZone(): string {
  return renderZone ?? localTimeZone();
}

/** The visitor's today ('YYYY-MM-DD'), in viewerZone(). */
function viewerToday(): string {
  return dayIn(new Date(), viewerZone());
}

/** The zone of the server's rendering: on the server, and in the browser the one the app hydrates. */
const renderedZone = () => renderZone ?? hydrationZone ?? viewerZone();

/**
 * The zone a component shows times in: viewerZone(), except while the server renders a first
 * screen and while the app hydrates it, when it is the zone that markup was rendered in (the
 * shop's), so the two match; a visitor elsewhere then sees the page re-render in their own zone.
 */
export function useViewerZone(): string {
  return useSyncExternalStore(noChanges, viewerZone, renderedZone);
}

/**
 * The visitor's today as useViewerZone() reads it. A day, not the zone: a visitor in another zone
 * on the same date as the shop's re-renders nothing after the hydration.
 */
export function useViewerToday(): string {
  return useSyncExternalStore(noChanges, viewerToday, () => dayIn(new Date(), renderedZone()));
}

/** For the app's start: the page it is about to hydrate was rendered as a visitor in `timeZone` sees it. */
export function hydrateAsViewerIn(timeZone: string): void {
  hydrationZone = timeZone;
}

/** Runs a synchronous render as a visitor in `timeZone` (react-dom/server's renderToString). */
export function asViewerIn<T>(timeZone: string, render: () => T): T {
  const was = renderZone;
  renderZone = timeZone;
  try {
    return render();
  } finally {
    renderZone = was;
  }
}
