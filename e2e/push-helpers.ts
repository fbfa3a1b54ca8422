import { createPublicKey, randomUUID, verify } from 'node:crypto';
import type { Page } from '@playwright/test';
import { type Browser as PushBrowser, newTestBrowser, readPushPayload, type ReceivedPush } from '../api/src/live/push-service.double';
import { PUSH_RECORDS_URL, PUSH_SERVICE_ORIGIN } from '../playwright.config';

/**
 * Web Push end to end, through the push service double (e2e/push-double.mjs). Headless Chromium
 * has no push service to subscribe with, so the phone's PushManager is stood in for by a script
 * that hands out a subscription on the double: its endpoint there and the keys of a browser made
 * here (P-256 key pair, auth secret), so a spec reads the message as the phone would.
 */

export type { PushBrowser };
export { readPushPayload };

/** A phone's side of a subscription on the push service double: a fresh endpoint and keys. */
export const newPushBrowser = (): PushBrowser => {
  const name = randomUUID();
  return newTestBrowser(name, `${PUSH_SERVICE_ORIGIN}/push/${name}`);
};

/** What the page passed to PushManager.subscribe, in order (applicationServerKey in base64url). */
export interface SubscribeCall {
  userVisibleOnly: boolean;
  applicationServerKey: string | null;
}

/**
 * Before the page loads: PushManager.subscribe and getSubscription answer as Chromium's do, with a
 * PushSubscription for `browser` instead of one from Google's push service. Refused, as there,
 * without the notification permission (NotAllowedError), for messages the user would not see
 * (NotAllowedError), without the server's key (AbortError), or with another key than the
 * subscription already made (InvalidStateError). The subscription outlives a reload, as a real one.
 */
export async function standInForPushManager(page: Page, browser: PushBrowser): Promise<void> {
  await page.addInitScript(({ endpoint, keys }) => {
    const STORE = 'e2e.push-manager.applicationServerKey';
    const bytes = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
    const text = (buffer: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const made = (applicationServerKey: string): PushSubscription => {
      const subscription = Object.create(PushSubscription.prototype) as PushSubscription;
      return Object.defineProperties(subscription, {
        endpoint: { value: endpoint, enumerable: true },
        expirationTime: { value: null, enumerable: true },
        options: { value: Object.freeze({ userVisibleOnly: true, applicationServerKey: bytes(applicationServerKey) }), enumerable: true },
        getKey: { value: (name: string) => (name === 'p256dh' || name === 'auth' ? bytes(keys[name]) : null) },
        toJSON: { value: () => ({ endpoint, expirationTime: null, keys: { ...keys } }) },
        unsubscribe: {
          value: async () => {
            localStorage.removeItem(STORE);
            return true;
          },
        },
      });
    };
    const current = () => {
      try {
        const key = localStorage.getItem(STORE);
        return key ? made(key) : null;
      } catch {
        return null; // a page without storage (about:blank)
      }
    };
    const calls: Array<{ userVisibleOnly: boolean; applicationServerKey: string | null }> = [];
    Object.defineProperty(window, '__e2ePushSubscribeCalls', { value: calls });
    PushManager.prototype.getSubscription = async () => current();
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const given = options?.applicationServerKey;
      const key =
        given == null
          ? null
          : typeof given === 'string'
            ? given.replace(/=+$/, '')
            : text(given instanceof ArrayBuffer ? given : (new Uint8Array(given.buffer, given.byteOffset, given.byteLength).slice().buffer as ArrayBuffer));
      calls.push({ userVisibleOnly: options?.userVisibleOnly ?? false, applicationServerKey: key });
      if (Notification.permission !== 'granted') throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
      if (!options?.userVisibleOnly) throw new DOMException('Only subscriptions that show a notification for every message are supported', 'NotAllowedError');
      if (!key) throw new DOMException('Registration failed - missing applicationServerKey', 'AbortError');
      const existing = current();
      if (existing && text(existing.options.applicationServerKey as ArrayBuffer) !== key)
        throw new DOMException('A subscription with a different applicationServerKey already exists', 'InvalidStateError');
      localStorage.setItem(STORE, key);
      return made(key);
    };
  }, browser.subscription);
}

/** The page's calls to PushManager.subscribe so far. */
export const subscribeCalls = (page: Page): Promise<SubscribeCall[]> =>
  page.evaluate(() => [...(window as unknown as { __e2ePushSubscribeCalls: SubscribeCall[] }).__e2ePushSubscribeCalls]);

/** A message the push service double received, with the time it came (ms since the epoch). */
export type PushMessage = ReceivedPush & { at: number };

/** The messages the push service double received for `browser`'s endpoint, oldest first. */
export async function pushesTo(browser: PushBrowser): Promise<PushMessage[]> {
  const path = new URL(browser.subscription.endpoint).pathname;
  const res = await fetch(`${PUSH_RECORDS_URL}/received?path=${encodeURIComponent(path)}`);
  if (!res.ok) throw new Error(`the push service double answered ${res.status}`);
  const messages = (await res.json()) as Array<Omit<PushMessage, 'body'> & { body: string }>;
  return messages.map((m) => ({ ...m, body: Buffer.from(m.body, 'base64url') }));
}

/**
 * A VAPID Authorization header (RFC 8292: `vapid t=<JWT>, k=<public key>`) read: the key, the
 * token's header and claims, and whether its ES256 signature checks with that key.
 */
export function readVapid(authorization: string | undefined) {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, header, claims, signature, k] = match;
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const json = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  return {
    publicKey: k,
    header: json(header),
    claims: json(claims) as { aud: string; exp: number; sub: string },
    signed: verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url')),
  };
}
