import type { BookingRequest } from '@cocoa/shared-types';
import { createOutbox } from '../../../lib/outbox';
import { errorToast, toast } from '../../../ui/toast-store';
import { createBooking } from '../api/create-booking';

/**
 * Booking requests written offline: kept on this device and sent when the network is
 * back, by the shared outbox (lib/outbox.ts: storage, retries, tabs taking turns, the entry id as
 * the request's idempotency key). Each entry is waiting, sent (with its reference and status page)
 * or refused (the server's message; the customer can put it back in the form).
 *
 * Decisions:
 * - A request is sent as the form parsed it, the same body an online request would carry.
 * - A request whose answer was lost after the server stored it is sent again and answered with the
 *   booking it made (the same reference and link), never a second booking. The form sends an online
 *   request with a new id as its key and, when the network fails, keeps the entry under that same id.
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

/** Whether a stored value is a booking entry of a known shape. */
function isEntry(entry: Record<string, unknown>): boolean {
  if (typeof entry.packageName !== 'string') return false;
  const request = entry.request as Record<string, unknown> | undefined;
  const hasRequest = !!request && typeof request === 'object' && typeof request.packageId === 'number' && typeof request.date === 'string';
  if (entry.status === 'waiting') return hasRequest;
  if (entry.status === 'refused') return hasRequest && typeof entry.message === 'string';
  return entry.status === 'sent' && typeof entry.reference === 'string' && typeof entry.statusPath === 'string' && entry.statusPath.startsWith('/bookings/');
}

export const useBookingOutbox = createOutbox<OutboxEntry, [request: BookingRequest, packageName: string, id?: string]>({
  name: 'cocoa-booking-outbox',
  isEntry,
  kept: (request, packageName, id) => ({ fields: { request, packageName }, id }),
  send: async (entry) => {
    const created = await createBooking({ ...entry.request, idempotencyKey: entry.id });
    return {
      id: entry.id,
      savedAt: entry.savedAt,
      packageName: entry.packageName,
      status: 'sent',
      reference: created.reference,
      statusPath: created.statusPath,
    };
  },
  texts: {
    sent: (entry) => ({
      title: 'Booking request sent',
      description: `${entry.reference}: your saved request for ${entry.packageName} has reached us. We'll e-mail you our answer.`,
    }),
    refused: { title: 'Booking request not sent', fallback: 'Your booking request could not be sent.' },
  },
  toasts: { toast, errorToast },
});
