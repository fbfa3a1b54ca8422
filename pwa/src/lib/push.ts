import { useSyncExternalStore } from 'react';
import { localTimeZone, type PushPublicKey, type PushSubscribeInput, type PushTopicInput, pushTopicKey, type PushUnsubscribeInput } from '@cocoa/shared-types';
import { apiFetch } from './api-fetch';

/**
 * Web Push (the tracker's stops, check-ins anywhere or near, a pickup order's news): the three calls (GET /api/push/public-key,
 * POST /api/push/subscriptions, POST /api/push/unsubscribe), the browser's side (permission,
 * the service worker's PushManager) and the topics this browser follows, kept in localStorage
 * so the buttons show their state at once, offline too.
 */

export const fetchPushPublicKey = () => apiFetch<PushPublicKey>('/api/push/public-key');
export const postPushSubscription = (body: PushSubscribeInput) => apiFetch<{ message: string }>('/api/push/subscriptions', { method: 'POST', body });
export const postPushUnsubscribe = (body: PushUnsubscribeInput) => apiFetch<{ message: string }>('/api/push/unsubscribe', { method: 'POST', body });

/** What this browser allows: 'unsupported' (no service worker, Push API or notifications), 'denied' (blocked for this site), else 'available'. */
export type PushAvailability = 'available' | 'unsupported' | 'denied';

export function pushAvailability(): PushAvailability {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'available';
}

/** A topic this browser follows, with the name its line shows ('Millennium Park'). */
export interface FollowedTopic {
  key: string;
  topic: PushTopicInput;
  name: string | null;
}

const STORAGE_KEY = 'cocoa.push.topics';
const listeners = new Set<() => void>();
/** None followed: the server's snapshot, and the hydration's, and this browser's until it follows one (the same array, so nothing re-renders). */
const NO_TOPICS: FollowedTopic[] = [];
let cached: { text: string | null; topics: FollowedTopic[] } = { text: null, topics: NO_TOPICS };

function readTopics(): FollowedTopic[] {
  let text: string | null = null;
  try {
    text = localStorage.getItem(STORAGE_KEY);
  } catch {
    return cached.topics;
  }
  if (text === cached.text) return cached.topics;
  let topics: FollowedTopic[] = [];
  try {
    const parsed: unknown = text ? JSON.parse(text) : [];
    // A corrupt stored copy is ignored, like the other saved state.
    if (Array.isArray(parsed))
      topics = parsed.filter(
        (t): t is FollowedTopic => !!t && typeof t === 'object' && typeof (t as FollowedTopic).key === 'string' && !!(t as FollowedTopic).topic,
      );
  } catch {
    topics = [];
  }
  cached = { text, topics };
  return topics;
}

function writeTopics(topics: FollowedTopic[]): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(topics));
  } catch {
    // storage full or blocked: the state shows until the page closes
    cached = { text: cached.text, topics };
  }
  for (const listener of listeners) listener();
}

function subscribeTopics(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === STORAGE_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** pushAvailability, re-read when the browser has been asked for permission (every control shows the answer). */
export function usePushAvailability(): PushAvailability {
  // The server's first screen (and its hydration) offers notifications, as most browsers can show them; one that cannot then says so.
  return useSyncExternalStore(subscribeTopics, pushAvailability, () => 'available');
}

const followsNone = () => NO_TOPICS;

/** The topics this browser follows (re-rendered when they change, in this tab or another). */
export function useFollowedTopics(): FollowedTopic[] {
  return useSyncExternalStore(subscribeTopics, readTopics, followsNone);
}

/** The browser gave no permission: `denied` when it is blocked, else the prompt was dismissed. */
export class PushPermissionError extends Error {
  constructor(readonly denied: boolean) {
    super(
      denied ? 'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.' : 'Notifications were not turned on.',
    );
    this.name = 'PushPermissionError';
  }
}

/** How long to wait for the service worker before saying it is not there (the dev server has none). */
const WORKER_WAIT_MS = 10_000;

async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error('Notifications need the site’s offline support, which has not started yet. Reload the page and try again.')),
      WORKER_WAIT_MS,
    );
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** base64url → the bytes PushManager.subscribe takes as applicationServerKey. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) => !!a && a.byteLength === b.length && new Uint8Array(a).every((v, i) => v === b[i]);

/** This browser's push subscription for the shop's key: the one it has, or a new one. */
async function browserSubscription(): Promise<PushSubscription> {
  const registration = await readyRegistration();
  const key = base64UrlBytes((await fetchPushPublicKey()).publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing;
  // Made with another key (the shop's keys were replaced): it can never be used again.
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/**
 * Asks for permission (the browser's own prompt), subscribes the browser (the service worker's
 * PushManager) and tells the shop which topic; then remembers it here.
 */
export async function followTopic(topic: PushTopicInput, name: string | null): Promise<void> {
  const permission = await Notification.requestPermission();
  for (const listener of listeners) listener();
  if (permission !== 'granted') throw new PushPermissionError(permission === 'denied');
  const subscription = await browserSubscription();
  await postPushSubscription({ subscription: subscription.toJSON() as PushSubscribeInput['subscription'], topic, timeZone: localTimeZone() });
  const key = pushTopicKey(topic);
  writeTopics([...readTopics().filter((t) => t.key !== key), { key, topic, name }]);
}

/**
 * Stops one topic (or, without one, every topic) in the shop's list; once nothing is followed the
 * whole endpoint is unsubscribed there and the browser's subscription ends too. When the shop
 * cannot be told (offline), nothing changes here and the error says so.
 */
export async function unfollow(key?: string): Promise<void> {
  const followed = readTopics();
  const remaining = key ? followed.filter((t) => t.key !== key) : [];
  const topic = key ? followed.find((t) => t.key === key)?.topic : undefined;
  const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
  const subscription = await registration?.pushManager.getSubscription();
  // No subscription in the browser: nothing can reach it any more, only the list here is left.
  if (subscription) {
    await postPushUnsubscribe(remaining.length && topic ? { endpoint: subscription.endpoint, topic } : { endpoint: subscription.endpoint });
    if (!remaining.length) await subscription.unsubscribe();
  }
  writeTopics(remaining);
}

/** Forgets topics the browser can no longer be told about (permission withdrawn, subscription gone). */
export async function forgetStaleTopics(): Promise<void> {
  if (!readTopics().length) return;
  if (pushAvailability() !== 'available' || Notification.permission !== 'granted') return writeTopics([]);
  const registration = await navigator.serviceWorker.getRegistration();
  if (registration && !(await registration.pushManager.getSubscription())) writeTopics([]);
}
