import { createHmac, hkdfSync } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sameText } from '../common/same-text';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { SettingsService } from '../settings/settings.service';

/**
 * How long an order link opens the order without an account. Decision: 90 days. Every e-mail
 * about the order (confirmation, shipped, delivered, refunded) carries a fresh link, so 90 days
 * from the latest one covers shipping (1-2 days), delivery (3-5), the 14-day return window and a
 * refund weeks later, with room for someone who looks up an old order; a link forwarded or left in
 * a mailbox stops opening it after that. A customer with an account can always sign in instead.
 */
export const ORDER_LINK_TTL_DAYS = 90;
const DAY_S = 24 * 60 * 60;

export type OrderLinkVerdict = 'valid' | 'invalid' | 'expired';

/**
 * Signs and checks order links with a key of their own: it is derived (HKDF-SHA256) from the
 * session secret the installation already has (SESSION_SECRET, else the stored one), so every
 * replica agrees and a changed secret invalidates every link with every session.
 *
 * Token: `<expiry, unix seconds in base 36>.<HMAC-SHA256(key, "<order id>.<expiry>"), base64url>`.
 * The signature binds the whole order id (the 8-character number alone is not unique among
 * 100,000 orders) and the expiry; the signature is checked before the expiry, so a forged token
 * is refused as not valid whatever its date.
 */
@Injectable()
export class OrderLinksService {
  constructor(
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The signer for now. Read it before opening a transaction: it reads the settings table. */
  async signer(): Promise<OrderLinkSigner> {
    const secret = await this.settings.sessionSecret();
    return new OrderLinkSigner(Buffer.from(hkdfSync('sha256', secret, 'cocoa-order-links', 'order-link-v1', 32)), this.config.publicUrl);
  }
}

export class OrderLinkSigner {
  constructor(
    private readonly key: Buffer,
    private readonly publicUrl: string,
  ) {}

  /** The absolute link the e-mails carry: `${PUBLIC_URL}/orders/<id>?token=…`. */
  url(orderId: string, now = Date.now()): string {
    return `${this.publicUrl}/orders/${orderId}?token=${this.token(orderId, now)}`;
  }

  token(orderId: string, now = Date.now()): string {
    const expiry = (Math.floor(now / 1000) + ORDER_LINK_TTL_DAYS * DAY_S).toString(36);
    return `${expiry}.${this.mac(orderId, expiry).toString('base64url')}`;
  }

  verify(orderId: string, token: string, now = Date.now()): OrderLinkVerdict {
    const match = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return 'invalid';
    const [, expiry, signature] = match;
    // As text (sameText): decoded, four spellings of one signature would open the order.
    if (!sameText(signature, this.mac(orderId, expiry).toString('base64url'))) return 'invalid';
    return parseInt(expiry, 36) * 1000 > now ? 'valid' : 'expired';
  }

  private mac(orderId: string, expiry: string): Buffer {
    return createHmac('sha256', this.key).update(`${orderId.toLowerCase()}.${expiry}`).digest();
  }
}
