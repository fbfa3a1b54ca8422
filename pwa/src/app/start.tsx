import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import { SERVER_RENDERED_ATTRIBUTE } from '@cocoa/shared-types';
// Ionic's CSS (its layout of the app's column, its normalize); its components' JavaScript is not loaded (app.tsx).
import '@ionic/react/css/core.css';
import '@ionic/react/css/normalize.css';
import '@ionic/react/css/structure.css';
import './theme.css';
import { App } from './app';
import { createQueryClient, restorePersistedQueries } from './query-client';
import { registerServiceWorker } from './sw-registration';
import { keepStorageWhenInstalled, listenForInstallPrompt } from './pwa-store';
import { prepareLanding } from './prefetch';
import { applyStartupPath } from './startup-path';
import { replayEarlyInput, stopNotingEarlyInput } from './early-input';

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

/**
 * A hydration that found markup other than the app's first render (a visitor in another zone near
 * midnight, a server render from an older build): React renders that part anew, and it works as
 * before. Said as a warning, not an error: nothing failed.
 */
function onRecoverableError(error: unknown) {
  console.warn("The app rendered part of the server's first screen anew:", error instanceof Error ? error.message : error);
}

/**
 * The start-up, in steps of a task each after this module's own evaluation (which holds React):
 * a phone stays responsive to the painted first screen in between, where one task doing it all
 * would block it for a tenth of a second or more.
 *
 * On the server's first screen (SERVER_RENDERED_ATTRIBUTE on the root, with its data block) the
 * app hydrates that markup: it takes over the elements as they are instead of creating and laying
 * out the whole page again. That first render has to be the server's, so the persisted cache (the
 * signed-in user, older copies) is restored only once it is in.
 */
async function startApp(root: HTMLElement) {
  await nextTask();
  const landedOn = window.location.pathname + window.location.search;
  applyStartupPath();
  // A startup path (startup-path.ts) opens another page than the one the server rendered.
  const sameUrl = window.location.pathname + window.location.search === landedOn;
  const queryClient = createQueryClient();
  const landing = prepareLanding(queryClient, window.location.pathname, sameUrl && root.hasAttribute(SERVER_RENDERED_ATTRIBUTE));
  // Once the first page is on screen: the root's content is the app's (the mark said it was the
  // server's copy, inert until then), and the taps made before are made again. Only the first.
  let shown = false;
  const tookOver = () => {
    if (shown) return;
    shown = true;
    root.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
    replayEarlyInput();
  };
  await nextTask();
  if (landing.hydrate) {
    await landing.ready;
    await nextTask();
    const hydrated = () => {
      if (shown) return;
      tookOver();
      void restorePersistedQueries(queryClient).then(afterFirstPage);
    };
    stopNotingEarlyInput();
    // A transition: React hydrates in short slices instead of one long task.
    startTransition(() => {
      hydrateRoot(root, appTree(queryClient, hydrated), { onRecoverableError });
    });
    return;
  }
  // After the landing page's data is seeded (prepareLanding): a query keeps the newer of the two.
  await Promise.all([landing.ready, restorePersistedQueries(queryClient)]);
  await nextTask();
  // A transition lets React render the first screen in short slices instead of one long task, so a
  // slow phone stays responsive while the app takes over from the server's first screen.
  startTransition(() => createRoot(root).render(appTree(queryClient, tookOver)));
  await afterFirstPage();
}

const appTree = (queryClient: QueryClient, onPageShown: () => void) => (
  <StrictMode>
    <App queryClient={queryClient} onPageShown={onPageShown} />
  </StrictMode>
);

/** Once the first page is on screen: the service worker (built app only), and an installed app's request to keep its storage. */
async function afterFirstPage() {
  await nextTask();
  keepStorageWhenInstalled();
  if (import.meta.env.PROD) registerServiceWorker();
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root');
void startApp(root);
