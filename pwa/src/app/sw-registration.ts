import { Workbox } from 'workbox-window';
import { usePwaStore } from './pwa-store';

/**
 * Registers the generated service worker (vite-plugin-pwa, registerType 'prompt'). A new version
 * waits until the user accepts the update prompt; then it skips waiting and the page reloads.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    usePwaStore.setState({
      applyUpdate: () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    });
  });
  wb.register().catch((error) => console.error('Service worker registration failed', error));
}
