import type { ContactInput } from '@cocoa/shared-types';
import { createFormOutbox } from '../../../ui/form-outbox';
import { sendContactMessage } from '../api/contact';

/** A contact message as the form parsed it (the key is the entry's id). */
export type ContactMessage = Omit<ContactInput, 'idempotencyKey'>;

export const CONTACT_OUTBOX = 'cocoa-contact-outbox';

/** Contact messages written offline, listed by their subject; the entry's id is the message's idempotency key. */
export const useContactOutbox = createFormOutbox<ContactMessage>({
  name: CONTACT_OUTBOX,
  isRequest: (m) => typeof m.name === 'string' && typeof m.email === 'string' && typeof m.subject === 'string' && typeof m.message === 'string',
  about: (message) => message.subject,
  send: (message, key) => sendContactMessage({ ...message, idempotencyKey: key }),
  texts: {
    sent: { title: 'Message sent', description: 'Your saved message has reached us.' },
    refused: { title: 'Message not sent', fallback: 'Your message could not be sent.' },
  },
});
