import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { isNetworkError, messageOf } from '../lib/api-fetch';
import { createOutbox, type OutboxStore, sendOrKeep } from '../lib/outbox';
import { errorToast, toast } from './toast-store';

interface Base {
  id: string;
  savedAt: string;
  /** What the list shows of it (a message's subject, 'Wedding on May 12, 2027 for 120 guests'). */
  about: string;
}
/**
 * An entry of a form's outbox that `SavedOutbox` lists. A sent entry keeps only what it was about
 * and when it went (the request is with the shop now); a refused one keeps the request, to be put
 * back in the form.
 */
export type FormOutboxEntry<R> =
  (Base & { status: 'waiting'; request: R }) | (Base & { status: 'sent'; sentAt: string }) | (Base & { status: 'refused'; request: R; message: string });

/** `keep(request, id?)`: the id it was already sent under online, if any. */
export type FormOutbox<R> = OutboxStore<FormOutboxEntry<R>, [request: R, id?: string]>;

interface FormOutboxOptions<R> {
  /** The IndexedDB key, Web Lock and Background Sync tag (lib/outbox.ts). */
  name: string;
  /** Whether a stored value, known to be an object, is a request of a known shape. */
  isRequest: (value: Record<string, unknown>) => boolean;
  about: (request: R) => string;
  /** Sends the request with `key` as its idempotency key; throws as apiFetch does. */
  send: (request: R, key: string) => Promise<unknown>;
  /** The toasts' texts: one sent in the background, one refused (the server's message, or `fallback`). */
  texts: { sent: { title: string; description: string }; refused: { title: string; fallback: string } };
}

/** The outbox of a form whose entries `SavedOutbox` lists: its requests kept on this device, sent when the network is back. */
export function createFormOutbox<R>({ name, isRequest, about, send, texts }: FormOutboxOptions<R>): FormOutbox<R> {
  const hasRequest = (entry: Record<string, unknown>) =>
    !!entry.request && typeof entry.request === 'object' && isRequest(entry.request as Record<string, unknown>);
  return createOutbox<FormOutboxEntry<R>, [request: R, id?: string]>({
    name,
    isEntry: (entry) => {
      if (typeof entry.about !== 'string') return false;
      if (entry.status === 'waiting') return hasRequest(entry);
      if (entry.status === 'refused') return hasRequest(entry) && typeof entry.message === 'string';
      return entry.status === 'sent' && typeof entry.sentAt === 'string';
    },
    kept: (request, id) => ({ fields: { request, about: about(request) }, id }),
    send: async (entry) => {
      await send(entry.request, entry.id);
      return { id: entry.id, savedAt: entry.savedAt, about: entry.about, status: 'sent', sentAt: new Date().toISOString() };
    },
    texts: { sent: () => texts.sent, refused: texts.refused },
    toasts: { toast, errorToast },
  });
}

/**
 * A form's submit with its outbox behind it (`sendOrKeep`): `send` online under a new key, or the
 * request kept on this device under that key. Sent or kept, `done` follows (the form empties);
 * refused, nothing does (the mutation shows the server's message). `waiting`: whether the request
 * the form last kept still waits, for the form to say so until it is sent.
 */
export function useSendOrKeep<R>(outbox: FormOutbox<R>, send: (request: R, key: string) => Promise<unknown>, done: () => void) {
  const keep = outbox((s) => s.keep);
  const [keptId, setKeptId] = useState<string | null>(null);
  const waiting = outbox((s) => s.entries.some((e) => e.id === keptId && e.status === 'waiting'));
  const submit = async (request: R) => {
    // One key for this request, sent now or kept: however often it is sent, it is stored once.
    setKeptId(null);
    const { outcome, id } = await sendOrKeep(
      (key) => send(request, key),
      (key) => keep(request, key),
    );
    if (outcome === 'refused') return;
    done();
    if (outcome === 'kept') setKeptId(id);
  };
  return { submit, waiting };
}

/**
 * A form's online send (the call `useSendOrKeep` makes): `sent` toasted once the shop has it; a
 * refusal toasted with the server's message (or `fallback`). No network: no toast, since the form
 * keeps the request on this device and says so instead (its outbox sends it later).
 */
export const useFormSend = <I>(send: (input: I) => Promise<unknown>, sent: { title: string; description: string }, fallback: string) =>
  useMutation({
    mutationFn: send,
    onSuccess: () => toast(sent.title, sent.description),
    onError: (error) => {
      if (!isNetworkError(error)) errorToast('Error', messageOf(error, fallback));
    },
  });
