import { EVENT_TYPE_LABELS, type EventInquiry, lazyDateFormat } from '@cocoa/shared-types';
import { createFormOutbox } from '../../../ui/form-outbox';
import { sendEventInquiry } from '../api/event-inquiry';

/** An event inquiry as the form parsed it (the key is the entry's id). */
export type InquiryRequest = Omit<EventInquiry, 'idempotencyKey'>;

export const INQUIRY_OUTBOX = 'cocoa-inquiry-outbox';

const DAY = lazyDateFormat({ month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'Wedding on May 12, 2027 for 120 guests'. */
function inquiryAbout(request: InquiryRequest): string {
  const day = DAY().format(new Date(`${request.eventDate}T12:00:00Z`));
  return `${EVENT_TYPE_LABELS[request.eventType]} on ${day} for ${request.guests} ${request.guests === 1 ? 'guest' : 'guests'}`;
}

/** Event inquiries written offline, listed by what they are about; the entry's id is the inquiry's idempotency key. */
export const useInquiryOutbox = createFormOutbox<InquiryRequest>({
  name: INQUIRY_OUTBOX,
  isRequest: (i) =>
    typeof i.name === 'string' &&
    typeof i.email === 'string' &&
    typeof i.eventType === 'string' &&
    typeof i.eventDate === 'string' &&
    typeof i.guests === 'number' &&
    typeof i.location === 'string',
  about: inquiryAbout,
  send: (inquiry, key) => sendEventInquiry({ ...inquiry, idempotencyKey: key }),
  texts: {
    sent: { title: 'Inquiry sent', description: 'Your saved inquiry has reached us.' },
    refused: { title: 'Inquiry not sent', fallback: 'Your inquiry could not be sent.' },
  },
});
