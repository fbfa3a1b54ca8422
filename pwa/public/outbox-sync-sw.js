/* global self */
/*
 * Background Sync for the forms' outboxes: the page registers a sync tag when it keeps a
 * message, booking request or inquiry offline; when the browser has the network again it wakes this
 * worker, which asks the open pages to send what waits (the sending itself is the page's, with the
 * entry's id as idempotency key). With no page open, saved entries go on the next start or 'online'.
 */
self.addEventListener('sync', (event) => {
  if (!/^cocoa-(booking|contact|inquiry)-outbox$/.test(event.tag)) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'cocoa-outbox-sync', tag: event.tag });
    }),
  );
});
