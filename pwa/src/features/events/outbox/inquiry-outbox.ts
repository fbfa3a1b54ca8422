import { EVENT_TYPE_LABELS, type EventInquiry, lazyDateFormat } from '@cocoa/shared-types';
import { createOutbox } from '../../../lib/outbox';
import { errorToast, toast } from '../../../ui/toast-store';
import { sendEventInquiry } from '../api/event-inquiry';

/** An event inquiry as the form parsed it (the key is the entry's id). */
export type InquiryRequest = Omit<EventInquiry, 'idempotencyKey'>;

interface Base {
  id: string;
  savedAt: string;
  /** What the list shows of it: 'Wedding on May 12, 2027 for 120 guests'. */
  about: string;
}
/**
 * Event inquiries written offline: kept on this device and sent when the network is back
 * by the shared outbox (lib/outbox.ts), the entry's id as the inquiry's idempotency key. A sent
 * entry keeps only what it was about and when it went; a refused one keeps the inquiry, to be put
 * back in the form.
 */
export type InquiryOutboxEntry =
  | (Base & { status: 'waiting'; request: InquiryRequest })
  | (Base & { status: 'sent'; sentAt: string })
  | (Base & { status: 'refused'; request: InquiryRequest; message: string });

export const INQUIRY_OUTBOX = 'cocoa-inquiry-outbox';

const isInquiry = (value: unknown): value is InquiryRequest => {
  if (!value || typeof value !== 'object') return false;
  const i = value as Record<string, unknown>;
  return (
    typeof i.name === 'string' &&
    typeof i.email === 'string' &&
    typeof i.eventType === 'string' &&
    typeof i.eventDate === 'string' &&
    typeof i.guests === 'number' &&
    typeof i.location === 'string'
  );
};

function isEntry(entry: Record<string, unknown>): boolean {
  if (typeof entry.about !== 'string') return false;
  if (entry.status === 'waiting') return isInquiry(entry.request);
  if (entry.status === 'refused') return isInquiry(entry.request) && typeof entry.message === 'string';
  return entry.status === 'sent' && typeof entry.sentAt === 'string';
}

const DAY = lazyDateFormat({ month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'Wedding on May 12, 2027 for 120 guests'. */
function inquiryAbout(request: InquiryRequest): string {
  const day = DAY().format(new Date(`${request.eventDate}T12:00:00Z`));
  return `${EVENT_TYPE_LABELS[request.eventType]} on ${day} for ${request.guests} ${request.guests === 1 ? 'guest' : 'guests'}`;
}

export const useInquiryOutbox = createOutbox<InquiryOutboxEntry, [request: InquiryRequest, id?: string]>({
  storageKey: INQUIRY_OUTBOX,
  lockName: INQUIRY_OUTBOX,
  isEntry,
  kept: (request, id) => ({ fields: { request, about: inquiryAbout(request) }, id }),
  send: async (entry) => {
    await sendEventInquiry({ ...entry.request, idempotencyKey: entry.id });
    return { id: entry.id, savedAt: entry.savedAt, about: entry.about, status: 'sent', sentAt: new Date().toISOString() };
  },
  refused: (entry, message) => ({ ...entry, status: 'refused', message }),
  texts: {
    sent: () => ({ title: 'Inquiry sent', description: 'Your saved inquiry has reached us.' }),
    refused: { title: 'Inquiry not sent', fallback: 'Your inquiry could not be sent.' },
  },
  toasts: { toast, errorToast },
});
