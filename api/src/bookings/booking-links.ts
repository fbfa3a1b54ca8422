import { createHmac, hkdfSync } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sameText } from '../common/same-text';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { SettingsService } from '../settings/settings.service';

/** The parts of a booking its link signs. */
export interface LinkedBooking {
  reference: string;
  tokenNonce: string;
}

/**
 * The booking's status link, `/bookings/{reference}?token=…`, opens it without an account
 * (ARCHITECTURE "Order and booking links"). The token is HMAC-SHA256 over the reference and the
 * booking's own random nonce, with a key of its own derived (HKDF) from the installation's session
 * secret: every replica agrees, a changed secret voids every link, and a new nonce would void one
 * booking's links. Decision: no expiry. A booking lives for months (request, quote, deposit,
 * balance, the event), every e-mail about it carries the same link, and the link only shows and
 * pays that one booking; a signed-in customer reaches it from /account as well.
 */
@Injectable()
export class BookingLinksService {
  constructor(
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The signer for now. Read it before opening a transaction: it reads the settings table. */
  async signer(): Promise<BookingLinkSigner> {
    const secret = await this.settings.sessionSecret();
    return new BookingLinkSigner(Buffer.from(hkdfSync('sha256', secret, 'cocoa-booking-links', 'booking-link-v1', 32)), this.config.publicUrl);
  }
}

export class BookingLinkSigner {
  constructor(
    private readonly key: Buffer,
    private readonly publicUrl: string,
  ) {}

  token(booking: LinkedBooking): string {
    return this.mac(booking).toString('base64url');
  }

  /** The status page's path with its token (what the API answers; the PWA owns the page). */
  path(booking: LinkedBooking): string {
    return `/bookings/${booking.reference}?token=${this.token(booking)}`;
  }

  /** The absolute link the e-mails carry. */
  url(booking: LinkedBooking): string {
    return `${this.publicUrl}${this.path(booking)}`;
  }

  /** Compared as text, so only the one canonical spelling of the signature opens the booking. */
  verify(booking: LinkedBooking, token: string): boolean {
    return sameText(token, this.token(booking));
  }

  private mac(booking: LinkedBooking): Buffer {
    return createHmac('sha256', this.key).update(`booking:${booking.reference}:${booking.tokenNonce}`).digest();
  }
}
