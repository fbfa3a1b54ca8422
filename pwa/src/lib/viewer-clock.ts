// From time-zone.ts alone (tracker.ts's dayKey would bring the events schema, and zod, into the start-up chunk).
import { dayIn, localTimeZone } from '@cocoa/shared-types';

/** Set only while the server renders a first screen (pwa/src/server/first-screens.tsx). */
let renderZone: string | undefined;

/**
 * The zone the visitor reads times in: the browser's own. While the server renders a first
 * screen it is the shop's (the server process's zone is never read), so the page painted from the
 * server's HTML is the one a visitor in the shop's zone then gets from the app.
 */
export function viewerZone(): string {
  return renderZone ?? localTimeZone();
}

/** The visitor's today ('YYYY-MM-DD'), in viewerZone(). */
export function viewerToday(now: Date = new Date()): string {
  return dayIn(now, viewerZone());
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
