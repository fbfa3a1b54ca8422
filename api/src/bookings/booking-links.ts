import type { LinkKind } from '../links/signed-links.service';

/** The parts of a booking its link signs. */
export interface LinkedBooking {
  reference: string;
  tokenNonce: string;
}

/**
 * The booking's status link, `/bookings/{reference}?token=…`, opens it without an account (the rule
 * of every link: links/signed-links.service.ts). It binds the reference and the booking's own
 * random nonce, so a new nonce voids that booking's links. A signed-in customer reaches the booking
 * from /account as well.
 */
export const BOOKING_LINKS: LinkKind<LinkedBooking> = {
  name: 'booking',
  path: (booking) => `/bookings/${booking.reference}`,
  binds: (booking) => `booking:${booking.reference}:${booking.tokenNonce}`,
};
