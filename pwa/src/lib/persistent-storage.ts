/**
 * Storage the phone keeps (docs/features.md, "Storage the phone keeps"). A browser short of space
 * may clear a site's storage, and with it a cart or an outbox entry waiting for the network; a
 * site whose storage is persistent is cleared only by the person. The browser is asked
 * (`navigator.storage.persist()`) when keeping matters:
 * - the app is installed (the `appinstalled` event), or runs installed (standalone);
 * - the cart or an outbox first holds something.
 * Never as a page loads in a browser tab: a visitor who only looks is not asked.
 *
 * Once per device: the answer is remembered in localStorage. A refusal given before the app was
 * installed is asked once more when it runs installed, as Chromium grants installed apps without
 * asking. A browser without the Storage API, or one that refuses, changes nothing else: the cart
 * and the outbox work as before, only without that promise.
 */
export const STORAGE_ANSWER_KEY = 'cocoa-storage-persist';

/** Why the browser is asked: the app is installed, or the cart or an outbox now holds something. */
export type KeepReason = 'installed' | 'holds-something';

interface Remembered {
  granted: boolean;
  /** Asked while running installed (or right after installing). */
  installed: boolean;
}

function remembered(): Remembered | null {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_ANSWER_KEY) ?? 'null');
    if (parsed && typeof parsed === 'object' && typeof (parsed as Remembered).granted === 'boolean') {
      return { granted: (parsed as Remembered).granted, installed: (parsed as Remembered).installed === true };
    }
  } catch {
    // No localStorage (a private window may refuse it), or a value of another shape: not asked yet.
  }
  return null;
}

function remember(answer: Remembered): void {
  try {
    window.localStorage.setItem(STORAGE_ANSWER_KEY, JSON.stringify(answer));
  } catch {
    // Not remembered: asked again on the next occasion, which the browser answers as before.
  }
}

let asking: Promise<boolean | null> | null = null;

/**
 * Asks the browser to keep this site's storage, unless this device already answered (see the top
 * of this file). Answers whether it is kept, or null when it was not asked (no Storage API, asked
 * before) or the browser failed to answer.
 */
export function keepStorage(reason: KeepReason): Promise<boolean | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (typeof storage?.persist !== 'function') return Promise.resolve(null);
  const installed = reason === 'installed';
  const before = remembered();
  if (before && (before.granted || before.installed || !installed)) return Promise.resolve(null);
  if (asking) return asking;
  const pending = (async () => {
    try {
      const granted = (typeof storage.persisted === 'function' && (await storage.persisted())) || (await storage.persist());
      remember({ granted, installed });
      return granted;
    } catch {
      return null;
    }
  })();
  asking = pending;
  // Done: the next occasion reads the remembered answer.
  void pending.then(() => {
    if (asking === pending) asking = null;
  });
  return pending;
}
