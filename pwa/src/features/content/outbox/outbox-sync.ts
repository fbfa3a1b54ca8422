import { startOutboxSync } from '../../../lib/outbox';
import { CONTACT_OUTBOX, useContactOutbox } from './contact-outbox';

/** Sends the contact messages kept on this device when the network is back (lib/outbox.ts). Answers a stop function. */
export function startContactOutboxSync(): () => void {
  return startOutboxSync(useContactOutbox, CONTACT_OUTBOX);
}
