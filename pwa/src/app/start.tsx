import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
// Ionic's CSS (its layout of the app's column, its normalize); its components' JavaScript is not loaded (app.tsx).
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import './theme.css';
import { App } from './app';
import { createQueryClient, restorePersistedQueries } from './query-client';
import { registerServiceWorker } from './sw-registration';
import { listenForInstallPrompt } from './pwa-store';
import { prefetchForLanding } from './prefetch';
import { applyStartupPath } from './startup-path';
import { replayEarlyInput } from './early-input';

// zod (in the lazy pages' chunks) probes `new Function` once to pick its fast path; our
// Content-Security-Policy forbids eval, so the probe is reported as a violation (Lighthouse's best
// practices count it). Its jitless mode skips the probe; set where zod reads its config, before it loads.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
listenForInstallPrompt();

/**
 * Hands the main thread back to the browser (a task boundary). A message, not a timer: timers in a
 * tab opened in the background wait up to a second each.
 */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/** Rendered after the app: its effect runs once the first screen is in, and makes the scroll and taps made before (early-input.ts). */
function EarlyInputReplay() {
  useEffect(() => replayEarlyInput(), []);
  return null;
}

/**
 * The start-up, in steps of a task each after this module's own evaluation (which holds React):
 * a phone stays responsive to the painted first screen in between, where one task doing it all
 * would block it for a tenth of a second or more.
 */
async function startApp(root: HTMLElement) {
  await nextTask();
  applyStartupPath();
  const queryClient = createQueryClient();
  const landingReady = prefetchForLanding(queryClient, window.location.pathname);
  await nextTask();
  // After the landing page's data is seeded (prefetchForLanding): a query keeps the newer of the two.
  const restored = restorePersistedQueries(queryClient);
  await Promise.all([landingReady, restored]);
  await nextTask();
  // A transition lets React render the first screen in short slices instead of one long task, so a
  // slow phone stays responsive while the app takes over from the static first screen.
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
        <EarlyInputReplay />
      </StrictMode>,
    ),
  );
  if (import.meta.env.PROD) {
    await nextTask();
    registerServiceWorker();
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root');
void startApp(root);
