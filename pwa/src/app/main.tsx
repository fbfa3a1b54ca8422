/**
 * The entry is tiny on purpose: the static first screen in index.html paints before the app's
 * JavaScript is even evaluated (on a fast connection the bundle would otherwise run first and
 * hold the first paint back), then the app starts and takes over.
 */
import { noteEarlyInput } from './early-input';

// Where the first screen was scrolled to and the taps on its buttons before the app has taken over are made again once it has (early-input.ts).
noteEarlyInput();
const start = () => void import('./start');
// A browser's first date format loads its locale and zone data: a task of its own (~13 ms here,
// four times that on a phone) while the app's chunks download, rather than in the middle of the
// first render, which shows today's date and the stops' times.
const warmDates = () => void Intl.DateTimeFormat().resolvedOptions();
if (document.visibilityState === 'visible')
  requestAnimationFrame(() => {
    setTimeout(start, 0);
    setTimeout(warmDates, 0);
  });
else start();
