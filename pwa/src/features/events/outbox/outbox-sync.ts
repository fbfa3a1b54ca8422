import { startOutboxSync } from '../../../lib/outbox';
import { INQUIRY_OUTBOX, useInquiryOutbox } from './inquiry-outbox';

/** Sends the event inquiries kept on this device when the network is back (lib/outbox.ts). Answers a stop function. */
export function startInquiryOutboxSync(): () => void {
  return startOutboxSync(useInquiryOutbox, INQUIRY_OUTBOX);
}
