import { get, set } from 'idb-keyval';
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { ApiError, isNetworkError, messageOf } from './api-fetch';
import { keepStorage } from './persistent-storage';

/**
 * Writes that wait: what a person sends while the network is away is kept on this
 * device (IndexedDB, as the cart is) and sent when the network is back. One rule for every form
 * that has an outbox (booking requests, contact messages, event inquiries); each is an instance of
 * `createOutbox`. Each entry is waiting, sent or refused (the server's message); sent and refused
 * entries stay until the person dismisses them, so one sent in the background is never lost from sight.
 *
 * Decisions:
 * - No answer (network error), a 5xx, a 429 or a 408: it stays waiting and is tried again on the
 *   next 'online' event, app start, minute while online, or "Send now". Another 4xx is final: refused.
 * - Tabs take turns through the Web Locks API where the browser has it, re-reading the stored list
 *   first, so two open tabs do not send one entry twice.
 * - Each entry is sent with its id as the request's idempotency key: one whose answer was lost after
 *   the server stored it is sent again and answered as the first time, never stored twice. A form
 *   sends online with a new id as its key and, when the network fails, keeps the entry under that id.
 * - Where the browser has Background Sync, keeping an entry registers the outbox's sync tag with the
 *   service worker; the sending itself happens in the page (a worker that wakes for the tag asks the
 *   open pages to send, by posting `{ type: OUTBOX_SYNC_MESSAGE, tag }`).
 */
export type OutboxStatus = 'waiting' | 'sent' | 'refused';

/** What every entry has; an outbox's entries add their own fields per status. */
export interface OutboxEntryBase {
  id: string;
  savedAt: string;
  status: OutboxStatus;
}

type WithStatus<E, S extends OutboxStatus> = Extract<E, { status: S }>;
/** A waiting entry's own fields (its id, time and status are the outbox's). */
export type WaitingFields<E extends OutboxEntryBase> = Omit<WithStatus<E, 'waiting'>, 'id' | 'savedAt' | 'status'>;

export interface OutboxOptions<E extends OutboxEntryBase, A extends unknown[]> {
  /** The IndexedDB key of the stored list, the Web Lock that tabs take turns through and the Background Sync tag. */
  name: string;
  /** Whether one stored value, already known to have a string id and savedAt, is an entry of this outbox. */
  isEntry: (value: Record<string, unknown>) => boolean;
  /** What `keep` is called with, as a waiting entry's fields and the id it was already sent under, if any. */
  kept: (...args: A) => { fields: WaitingFields<E>; id?: string };
  /** Sends a waiting entry with its id as the idempotency key; answers it as sent. Throws as apiFetch does. */
  send: (entry: WithStatus<E, 'waiting'>) => Promise<WithStatus<E, 'sent'>>;
  /** The entry the server refused, with its message; by default the waiting entry with its status 'refused' and the message. */
  refused?: (entry: WithStatus<E, 'waiting'>, message: string) => WithStatus<E, 'refused'>;
  /** The toasts' texts: one sent in the background, one refused (the server's message, or `fallback`). */
  texts: {
    sent: (entry: WithStatus<E, 'sent'>) => { title: string; description: string };
    refused: { title: string; fallback: string };
  };
  /** Shows them (the app's toast store: lib does not import ui). */
  toasts: { toast: (title: string, description: string) => void; errorToast: (title: string, description: string) => void };
}

export interface OutboxState<E extends OutboxEntryBase, A extends unknown[]> {
  /** The outbox's name (its storage key and sync tag). */
  readonly name: string;
  entries: E[];
  hydrated: boolean;
  /** Reads the stored list, once per page. */
  hydrate: () => Promise<void>;
  /** Keeps what the person wrote on this device to send later. */
  keep: (...args: A) => Promise<void>;
  /** Forgets an entry (a sent one read, a refused one put back in the form). */
  dismiss: (id: string) => Promise<void>;
  /** Sends every waiting entry now, if the browser says it is online. */
  flush: () => Promise<void>;
}

export type OutboxStore<E extends OutboxEntryBase, A extends unknown[]> = UseBoundStore<StoreApi<OutboxState<E, A>>>;

/** What sending in the background needs of any outbox, whatever its entries. */
export interface SyncedOutbox {
  getState: () => Pick<OutboxState<OutboxEntryBase, never>, 'name' | 'entries' | 'hydrate' | 'flush'>;
}

/** What the service worker posts to the open pages when a sync tag of an outbox fires. */
export const OUTBOX_SYNC_MESSAGE = 'cocoa-outbox-sync';

/** While entries wait and the browser says it is online, how often they are tried again (a server that was away). */
export const OUTBOX_RETRY_MS = 60_000;

/** A new entry's id: 16 hex characters, also the request's idempotency key (the form sends it online first, then keeps it with the entry). */
export function newOutboxId(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What a change sent through a queue answers when it was kept on the device to send later. */
export const QUEUED = Symbol('queued on this device');

/** The toast for it. */
export const QUEUED_TOAST = { title: 'Saved on this tablet', description: 'No signal right now: it will be sent when you are back online.' } as const;

/**
 * A form's submit with the outbox behind it: one new id, the request's idempotency key whether it is
 * sent now or kept; offline, or when the network fails on the way, it is kept on the device under
 * that id. 'refused': the server answered no (the caller's mutation shows its message).
 */
export async function sendOrKeep(
  send: (key: string) => Promise<unknown>,
  keep: (key: string) => Promise<void>,
): Promise<{ outcome: 'sent' | 'kept' | 'refused'; id: string }> {
  const id = newOutboxId();
  if (!navigator.onLine) {
    await keep(id);
    return { outcome: 'kept', id };
  }
  try {
    await send(id);
    return { outcome: 'sent', id };
  } catch (error) {
    if (!isNetworkError(error)) return { outcome: 'refused', id };
    await keep(id);
    return { outcome: 'kept', id };
  }
}

/** Transient: the server is away or busy, not a refusal of the request. */
export const isTransient = (error: unknown) =>
  isNetworkError(error) || (error instanceof ApiError && (error.status >= 500 || error.status === 429 || error.status === 408));

/** Runs `fn` while holding `lock` across tabs (where the browser offers one). */
function exclusive(lock: string, fn: () => Promise<void>): Promise<void> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  return locks?.request ? locks.request(lock, fn) : fn();
}

interface SyncRegistration {
  sync?: { register: (tag: string) => Promise<void> };
}

/** Asks the service worker for a sync event when the network is back, where the browser has Background Sync. */
function requestBackgroundSync(tag: string): void {
  const worker = (navigator as Navigator & { serviceWorker?: ServiceWorkerContainer }).serviceWorker;
  if (!worker) return;
  worker.ready.then((registration) => (registration as ServiceWorkerRegistration & SyncRegistration).sync?.register(tag)).catch(() => undefined);
}

export function createOutbox<E extends OutboxEntryBase, A extends unknown[]>(options: OutboxOptions<E, A>): OutboxStore<E, A> {
  const { name, texts, toasts } = options;
  const refused = options.refused ?? ((entry, message) => ({ ...entry, status: 'refused', message }) as unknown as WithStatus<E, 'refused'>);

  /** What IndexedDB held, keeping only entries of a known shape (a corrupt copy is ignored, as the cart's is). */
  const entriesOf = (stored: unknown): E[] => {
    if (!Array.isArray(stored)) return [];
    return stored.filter((e): e is E => {
      if (!e || typeof e !== 'object') return false;
      const entry = e as Record<string, unknown>;
      return typeof entry.id === 'string' && typeof entry.savedAt === 'string' && options.isEntry(entry);
    });
  };
  const load = async () => entriesOf(await get(name).catch(() => undefined));
  let flushing: Promise<void> | null = null;

  return create<OutboxState<E, A>>((setState, getState) => {
    /** Writes the list, then shows it: what is on screen is what a reload would read. */
    const store = async (entries: E[]) => {
      await set(name, entries);
      setState({ entries, hydrated: true });
    };
    const update = (mutate: (entries: E[]) => E[]) => exclusive(name, async () => store(mutate(await load())));

    const sendWaiting = async () => {
      let entries = await load();
      setState({ entries, hydrated: true });
      for (const entry of entries) {
        if (entry.status !== 'waiting') continue;
        const waiting = entry as WithStatus<E, 'waiting'>;
        let next: E;
        try {
          const sent = await options.send(waiting);
          next = sent;
          const { title, description } = texts.sent(sent);
          toasts.toast(title, description);
        } catch (error) {
          if (isTransient(error)) break;
          const message = messageOf(error, texts.refused.fallback);
          next = refused(waiting, message);
          toasts.errorToast(texts.refused.title, message);
        }
        entries = entries.map((e) => (e.id === entry.id ? next : e));
        await store(entries);
      }
    };

    return {
      name,
      entries: [],
      hydrated: false,
      hydrate: async () => {
        if (getState().hydrated) return;
        const entries = await load();
        if (!getState().hydrated) setState({ entries, hydrated: true });
      },
      keep: async (...args) => {
        const { fields, id = newOutboxId() } = options.kept(...args);
        const entry = { ...fields, id, savedAt: new Date().toISOString(), status: 'waiting' } as unknown as E;
        await update((entries) => [...entries, entry]);
        requestBackgroundSync(name);
        // What waits on the device: the browser is asked, once per device, not to clear it when short of space.
        void keepStorage('holds-something');
      },
      dismiss: (id) => update((entries) => entries.filter((e) => e.id !== id)),
      flush: () => {
        if (!navigator.onLine) return Promise.resolve();
        if (!flushing) {
          flushing = (async () => {
            await getState().hydrate();
            await exclusive(name, sendWaiting);
          })().finally(() => {
            flushing = null;
          });
        }
        return flushing;
      },
    };
  });
}

/**
 * Sends what an outbox keeps: at once when the app starts online, whenever the browser comes back
 * online, when the service worker's sync event for its name asks, and every minute while some still
 * wait. Answers a stop function (`useOutboxSync` is the hook around it).
 */
export function startOutboxSync(outbox: SyncedOutbox): () => void {
  const tag = outbox.getState().name;
  const flush = () => void outbox.getState().flush();
  void outbox.getState().hydrate().then(flush);
  window.addEventListener('online', flush);
  const worker = (navigator as Navigator & { serviceWorker?: ServiceWorkerContainer }).serviceWorker;
  const onMessage = (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown; tag?: unknown } | null;
    if (data?.type === OUTBOX_SYNC_MESSAGE && data.tag === tag) flush();
  };
  worker?.addEventListener('message', onMessage);
  const timer = window.setInterval(() => {
    if (outbox.getState().entries.some((e) => e.status === 'waiting')) flush();
  }, OUTBOX_RETRY_MS);
  return () => {
    window.removeEventListener('online', flush);
    worker?.removeEventListener('message', onMessage);
    window.clearInterval(timer);
  };
}
