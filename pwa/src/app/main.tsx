/**
 * The entry is tiny on purpose: the static first screen in index.html paints before the app's
 * JavaScript is even evaluated (on a fast connection the bundle would otherwise run first and
 * hold the first paint back), then the app starts and takes over.
 */
const start = () => void import('./start');
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
