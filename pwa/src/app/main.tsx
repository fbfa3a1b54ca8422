/**
 * The entry is tiny on purpose: the static first screen in index.html paints before the app's
 * JavaScript is even evaluated (on a fast connection the bundle would otherwise run first and
 * hold the first paint back), then the app starts and takes over.
 */
import { noteEarlyInput } from './early-input';

// Where the first screen was scrolled to and the taps on its buttons before the app has taken over are made again once it has (early-input.ts).
noteEarlyInput();
const start = () => void import('./start');
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
