/**
 * The entry is tiny on purpose: the static first screen in index.html paints before the app's
 * JavaScript is even evaluated (on a fast connection the bundle would otherwise run first and
 * hold the first paint back), then the app starts and takes over.
 */
import { noteEarlyTaps } from './early-taps';

// A tap on the first screen's buttons before the app has taken over is made again once it has (early-taps.ts).
noteEarlyTaps();
const start = () => void import('./start');
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
