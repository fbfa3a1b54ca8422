import type { ContactInput } from '@cocoa/shared-types';
import { createOutbox } from '../../../lib/outbox';
import { errorToast, toast } from '../../../ui/toast-store';
import { sendContactMessage } from '../api/contact';

/** A contact message as the form parsed it (the key is the entry's id). */
export type ContactMessage = Omit<ContactInput, 'idempotencyKey'>;

interface Base {
  id: string;
  savedAt: string;
  /** What the list shows of it: the subject. */
  about: string;
}
/**
 * Contact messages written offline: kept on this device and sent when the network is
 * back by the shared outbox (lib/outbox.ts), the entry's id as the message's idempotency key. A sent
 * entry keeps only its subject and when it went (the text is with the shop now); a refused one keeps
 * the message, to be put back in the form.
 */
export type ContactOutboxEntry =
  | (Base & { status: 'waiting'; request: ContactMessage })
  | (Base & { status: 'sent'; sentAt: string })
  | (Base & { status: 'refused'; request: ContactMessage; message: string });

export const CONTACT_OUTBOX = 'cocoa-contact-outbox';

const isMessage = (value: unknown): value is ContactMessage => {
  if (!value || typeof value !== 'object') return false;
  const m = value as Record<string, unknown>;
  return typeof m.name === 'string' && typeof m.email === 'string' && typeof m.subject === 'string' && typeof m.message === 'string';
};

function isEntry(entry: Record<string, unknown>): boolean {
  if (typeof entry.about !== 'string') return false;
  if (entry.status === 'waiting') return isMessage(entry.request);
  if (entry.status === 'refused') return isMessage(entry.request) && typeof entry.message === 'string';
  return entry.status === 'sent' && typeof entry.sentAt === 'string';
}

export const useContactOutbox = createOutbox<ContactOutboxEntry, [request: ContactMessage, id?: string]>({
  storageKey: CONTACT_OUTBOX,
  lockName: CONTACT_OUTBOX,
  isEntry,
  kept: (request, id) => ({ fields: { request, about: request.subject }, id }),
  send: async (entry) => {
    await sendContactMessage({ ...entry.request, idempotencyKey: entry.id });
    return { id: entry.id, savedAt: entry.savedAt, about: entry.about, status: 'sent', sentAt: new Date().toISOString() };
  },
  refused: (entry, message) => ({ ...entry, status: 'refused', message }),
  texts: {
    sent: () => ({ title: 'Message sent', description: 'Your saved message has reached us.' }),
    refused: { title: 'Message not sent', fallback: 'Your message could not be sent.' },
  },
  toasts: { toast, errorToast },
});
