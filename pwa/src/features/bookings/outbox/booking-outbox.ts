import { get, set } from 'idb-keyval';
import { create } from 'zustand';
import type { BookingRequest } from '@cocoa/shared-types';
import { ApiError, isNetworkError, messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';
import { createBooking } from '../api/create-booking';

/**
 * Booking requests written offline (issue 14): kept on this device (IndexedDB, as the cart is) and
 * sent when the network is back. Each entry is waiting, sent (with its reference and status page)
 * or refused (the server's message; the customer can put it back in the form). Sent and refused
 * entries stay until the customer dismisses them, so a request sent in the background is never lost
 * from sight.
 *
 * Decisions:
 * - A request is sent as the form parsed it, the same body an online request would carry.
 * - No answer (network error), a 5xx or a 429: it stays waiting and is tried again on the next
 *   'online' event, app start, minute while online, or "Send now". A 4xx answer is final: refused.
 * - Tabs take turns through the Web Locks API where the browser has it, re-reading the stored list
 *   first, so two open tabs do not send one request twice.
 * - Each entry is sent with its id as the request's idempotency key: a request whose answer was
 *   lost after the server stored it is sent again and answered with the booking it made (the same
 *   reference and link), never a second booking. The form sends an online request with a new id
 *   as its key and, when the network fails, keeps the entry under that same id.
 */
export interface OutboxEntryBase {
  id: string;
  savedAt: string;
  packageName: string;
}
export type OutboxEntry =
  | (OutboxEntryBase & { status: 'waiting'; request: BookingRequest })
  | (OutboxEntryBase & { status: 'sent'; reference: string; statusPath: string })
  | (OutboxEntryBase & { status: 'refused'; request: BookingRequest; message: string });

const KEY = 'cocoa-booking-outbox';
const LOCK = 'cocoa-booking-outbox';

/** What IndexedDB held, keeping only entries of a known shape (a corrupt copy is ignored, as the cart's is). */
function entriesOf(stored: unknown): OutboxEntry[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter((e): e is OutboxEntry => {
    if (!e || typeof e !== 'object') return false;
    const entry = e as Record<string, unknown>;
    if (typeof entry.id !== 'string' || typeof entry.savedAt !== 'string' || typeof entry.packageName !== 'string') return false;
    const request = entry.request as Record<string, unknown> | undefined;
    const hasRequest = !!request && typeof request === 'object' && typeof request.packageId === 'number' && typeof request.date === 'string';
    if (entry.status === 'waiting') return hasRequest;
    if (entry.status === 'refused') return hasRequest && typeof entry.message === 'string';
    return entry.status === 'sent' && typeof entry.reference === 'string' && typeof entry.statusPath === 'string' && entry.statusPath.startsWith('/bookings/');
  });
}

const load = async () => entriesOf(await get(KEY).catch(() => undefined));

/** A new entry's id: 16 hex characters, also the request's idempotency key (the form sends it online first, then keeps it with the entry). */
export function newOutboxId(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Transient: the server is away or busy, not a refusal of the request. */
const transient = (error: unknown) => isNetworkError(error) || (error instanceof ApiError && (error.status >= 500 || error.status === 429 || error.status === 408));

interface OutboxState {
  entries: OutboxEntry[];
  hydrated: boolean;
  /** Reads the stored list, once per page. */
  hydrate: () => Promise<void>;
  /** Keeps a request on this device to send later (under `id`, the key it was already sent with, if any). */
  keep: (request: BookingRequest, packageName: string, id?: string) => Promise<void>;
  /** Forgets an entry (a sent one read, a refused one put back in the form). */
  dismiss: (id: string) => Promise<void>;
  /** Sends every waiting request now, if the browser says it is online. */
  flush: () => Promise<void>;
}

let flushing: Promise<void> | null = null;

/** Runs `fn` while holding the outbox's lock across tabs (where the browser offers one). */
function exclusive(fn: () => Promise<void>): Promise<void> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  return locks?.request ? locks.request(LOCK, fn) : fn();
}

export const useBookingOutbox = create<OutboxState>((setState, getState) => {
  /** Writes the list, then shows it: what is on screen is what a reload would read. */
  const store = async (entries: OutboxEntry[]) => {
    await set(KEY, entries);
    setState({ entries, hydrated: true });
  };
  const update = async (mutate: (entries: OutboxEntry[]) => OutboxEntry[]) => exclusive(async () => store(mutate(await load())));

  const sendWaiting = async () => {
    let entries = await load();
    setState({ entries, hydrated: true });
    for (const entry of entries) {
      if (entry.status !== 'waiting') continue;
      let next: OutboxEntry;
      try {
        const created = await createBooking({ ...entry.request, idempotencyKey: entry.id });
        next = { id: entry.id, savedAt: entry.savedAt, packageName: entry.packageName, status: 'sent', reference: created.reference, statusPath: created.statusPath };
        toast('Booking request sent', `${created.reference}: your saved request for ${entry.packageName} has reached us. We'll e-mail you our answer.`);
      } catch (error) {
        if (transient(error)) break;
        const message = messageOf(error, 'Your booking request could not be sent.');
        next = { ...entry, status: 'refused', message };
        errorToast('Booking request not sent', message);
      }
      entries = entries.map((e) => (e.id === entry.id ? next : e));
      await store(entries);
    }
  };

  return {
    entries: [],
    hydrated: false,
    hydrate: async () => {
      if (getState().hydrated) return;
      const entries = await load();
      if (!getState().hydrated) setState({ entries, hydrated: true });
    },
    keep: (request, packageName, id = newOutboxId()) => update((entries) => [...entries, { id, savedAt: new Date().toISOString(), packageName, status: 'waiting', request }]),
    dismiss: (id) => update((entries) => entries.filter((e) => e.id !== id)),
    flush: () => {
      if (!navigator.onLine) return Promise.resolve();
      if (!flushing) {
        flushing = (async () => {
          await getState().hydrate();
          await exclusive(sendWaiting);
        })().finally(() => {
          flushing = null;
        });
      }
      return flushing;
    },
  };
});
