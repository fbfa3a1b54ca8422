/**
 * The entry is tiny on purpose: the static first screen in index.html paints before the app's
 * JavaScript is even evaluated (on a fast connection the bundle would otherwise run first and
 * hold the first paint back), then the app starts and takes over.
 */
import { DATED_FIRST_SCREENS, firstScreenRoute } from '@cocoa/shared-types';
import { noteEarlyInput } from './early-input';

// zod probes `new Function` once, as its first object schema is made, to pick its fast path; our
// Content-Security-Policy forbids eval, so the probe is reported as a violation (Lighthouse's best
// practices count it; docs/security.md). Its jitless mode skips the probe. Set here, before this
// module imports start.tsx, whose own imports may make schemas, and on the config object zod uses
// (the one it finds on globalThis, or makes there), never a new object zod would not see.
((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {}).jitless = true;
// Where the first screen was scrolled to and the taps on its buttons before the app has taken over are made again once it has (early-input.ts).
noteEarlyInput();
// React's DOM renderer is evaluated in a task of its own, then the app (start.tsx, which imports it
// too): evaluating both at once was one of the longest tasks of the start on a phone.
const start = () => void import('react-dom/client').then(() => import('./start'));
// A browser's first date format loads its locale and zone data: a task of 15-40 ms here (four
// times that on a phone). On a page whose first render shows dates (the stops' days and times) it
// runs on its own while the app's chunks download, not in the middle of that render; the other
// pages format no date as they start (prices are formatted without Intl), so they never pay it then.
const warmDates = () => void Intl.DateTimeFormat().resolvedOptions();
const showsDates = DATED_FIRST_SCREENS.has(firstScreenRoute(window.location.pathname)?.page ?? 'home');
if (document.visibilityState === 'visible')
  requestAnimationFrame(() => {
    setTimeout(start, 0);
    if (showsDates) setTimeout(warmDates, 0);
  });
else start();
