import type { QueryClient } from '@tanstack/react-query';
import { markLiveHeardNow, receiveLiveValue } from './live-state';

/**
 * GET /api/live/stream (Server-Sent Events): the current state first, then every change, each as
 * an `event: state` whose data is the state's JSON (so a reconnect catches up by itself). One connection per tab, shared by every view that shows the
 * state (counted), closed a moment after the last one goes. The browser reconnects by itself while
 * the server is reachable (the server's `retry: 3000`); once it gives up (readyState CLOSED) the
 * connection is opened again after a growing delay, and at once when the device is back online
 * or the page is shown again.
 */
export const LIVE_STREAM_PATH = '/api/live/stream';

export type LiveStreamStatus = 'idle' | 'connecting' | 'open' | 'failed' | 'unsupported';

const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** Moving from one page to another keeps the connection: the next page takes it over. */
export const LIVE_RELEASE_GRACE_MS = 1_000;

const clients = new Map<QueryClient, number>();
let users = 0;
let source: EventSource | null = null;
let status: LiveStreamStatus = 'idle';
let attempts = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let releaseTimer: ReturnType<typeof setTimeout> | undefined;
const statusListeners = new Set<() => void>();

function setStatus(next: LiveStreamStatus) {
  if (status === next) return;
  status = next;
  statusListeners.forEach((listener) => listener());
}

const eachClient = (fn: (client: QueryClient) => void) => Array.from(clients.keys()).forEach(fn);

function connect() {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  if (typeof EventSource === 'undefined') return setStatus('unsupported');
  if (!navigator.onLine) return setStatus('failed'); // 'online' connects
  const stream = new EventSource(LIVE_STREAM_PATH);
  source = stream;
  setStatus('connecting');
  stream.addEventListener('open', () => {
    if (source !== stream) return;
    attempts = 0;
    setStatus('open');
  });
  stream.addEventListener('state', (event) => {
    if (source !== stream) return;
    let value: unknown;
    try {
      value = JSON.parse((event as MessageEvent<string>).data);
    } catch {
      return console.warn('The live stream sent a message that is not JSON');
    }
    eachClient((client) => void receiveLiveValue(client, value).catch(() => undefined));
  });
  stream.addEventListener('error', () => {
    if (source !== stream) return;
    if (status === 'open') eachClient(markLiveHeardNow);
    setStatus('failed');
    if (stream.readyState === EventSource.CLOSED) {
      source = null;
      scheduleReconnect();
    }
  });
}

function scheduleReconnect() {
  if (users === 0 || retryTimer || !navigator.onLine) return;
  const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** attempts);
  attempts += 1;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    if (users > 0 && !source) connect();
  }, delay);
}

/** A new connection at once unless one is open (signal back, page shown again). */
function reconnectNow() {
  if (status === 'unsupported' || source?.readyState === EventSource.OPEN) return;
  source?.close();
  source = null;
  attempts = 0;
  connect();
}

function onOffline() {
  if (status === 'open') eachClient(markLiveHeardNow);
}

function onVisible() {
  if (document.visibilityState === 'visible' && !source) reconnectNow();
}

function start() {
  window.addEventListener('online', reconnectNow);
  window.addEventListener('offline', onOffline);
  document.addEventListener('visibilitychange', onVisible);
  connect();
}

function stop() {
  window.removeEventListener('online', reconnectNow);
  window.removeEventListener('offline', onOffline);
  document.removeEventListener('visibilitychange', onVisible);
  clearTimeout(retryTimer);
  retryTimer = undefined;
  source?.close();
  source = null;
  attempts = 0;
  setStatus('idle');
}

/** Holds the shared connection for a view; the returned function lets go of it. */
export function retainLiveStream(client: QueryClient): () => void {
  clients.set(client, (clients.get(client) ?? 0) + 1);
  users += 1;
  clearTimeout(releaseTimer);
  releaseTimer = undefined;
  if (users === 1 && status === 'idle') start();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users -= 1;
    const left = (clients.get(client) ?? 1) - 1;
    if (left > 0) clients.set(client, left);
    else clients.delete(client);
    if (users === 0) releaseTimer = setTimeout(stop, LIVE_RELEASE_GRACE_MS);
  };
}

export const subscribeLiveStreamStatus = (listener: () => void) => {
  statusListeners.add(listener);
  return () => void statusListeners.delete(listener);
};
export const liveStreamStatus = (): LiveStreamStatus => status;
