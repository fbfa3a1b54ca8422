/* global self */
/**
 * Web Push for the live tracker and a pickup order's news, imported into the service worker that
 * vite-plugin-pwa generates (vite.config.ts: workbox.importScripts). The message arrives decrypted
 * by the browser: JSON { title, body, url, tag } (shared-types pushPayloadSchema).
 * - push: shows the notification; one tag ('live'), so a newer check-in replaces an older one.
 * - notificationclick: brings an open window of the site forward (one already on the
 *   notification's page first, such as the order's, then a tracker window) and takes it to the
 *   notification's page; with none open, opens one there.
 */
const FALLBACK_URL = '/cocoa-tracker';

/** Only a path of this site: a message never sends the visitor elsewhere. */
function sameOriginPath(value) {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : FALLBACK_URL;
}

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Live Cocoa Tracker';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' && message.tag ? message.tag : 'live',
      renotify: true,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: sameOriginPath(message.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(sameOriginPath(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const on = (pathname) => windows.find((w) => new URL(w.url).pathname === pathname);
      const open = on(new URL(target).pathname) || on('/cocoa-tracker') || windows[0];
      if (open) {
        try {
          const focused = await open.focus();
          if (new URL(focused.url).href !== target) await focused.navigate(target);
          return;
        } catch {
          // a window this worker does not control cannot be navigated: open one instead
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
