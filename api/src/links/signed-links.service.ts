import { createHmac, createSecretKey, hkdfSync, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sameText } from '../common/same-text';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { SettingsService } from '../settings/settings.service';

/**
 * How long a link opens its order or booking without an account: until the end of the 90th day
 * after the day (UTC) it was issued. Every e-mail carries a freshly signed link, so the latest one
 * always has the most time; links issued on the same day are the same text.
 */
export const LINK_TTL_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export type LinkVerdict = 'valid' | 'invalid' | 'expired';

/**
 * A kind of thing a link opens, declared once by its module: its name (each kind signs with a key
 * of its own), the page's path, and what the signature binds (everything whose change must void
 * the link, such as a booking's nonce).
 */
export interface LinkKind<T> {
  name: string;
  /** The page, without the token: `/orders/<id>`. */
  path(subject: T): string;
  /** The text the signature binds. */
  binds(subject: T): string;
}

/**
 * Signs and checks the links that open an order or a booking without an account
 * (`/orders/{id}?token=…`, `/bookings/{reference}?token=…`), one rule for every kind (LINK_TTL_DAYS).
 * Each kind's key is derived (HKDF-SHA256) from the session secret the installation already has
 * (SESSION_SECRET, else the stored one), so every replica agrees and a changed secret voids every
 * link with every session.
 *
 * Token: `<expiry, unix seconds in base 36>.<HMAC-SHA256(key, "<what the kind binds>.<expiry>"), base64url>`.
 * The signature is checked before the expiry, so a forged token is refused as not valid whatever
 * its date; it is compared as text (sameText), never decoded.
 */
@Injectable()
export class SignedLinksService {
  /** Each kind's signer with the secret its key was derived from: a checkout signs without deriving again. */
  private readonly signers = new Map<LinkKind<never>, { secret: string; signer: LinkSigner<never> }>();

  constructor(
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The signer of a kind. Read it before opening a transaction: it reads the settings table. */
  async signer<T>(kind: LinkKind<T>): Promise<LinkSigner<T>> {
    const secret = await this.settings.sessionSecret();
    const kept = this.signers.get(kind);
    if (kept?.secret === secret) return kept.signer;
    const key = createSecretKey(Buffer.from(hkdfSync('sha256', secret, `cocoa-${kind.name}-links`, `${kind.name}-link-v1`, 32)));
    const signer = new LinkSigner(kind, key, this.config.publicUrl);
    this.signers.set(kind, { secret, signer });
    return signer;
  }
}

export class LinkSigner<T> {
  constructor(
    private readonly kind: LinkKind<T>,
    private readonly key: KeyObject,
    private readonly publicUrl: string,
  ) {}

  /** A token issued at `now`. */
  token(subject: T, now = Date.now()): string {
    const expiry = Math.floor(expiryOf(now) / 1000).toString(36);
    return `${expiry}.${this.mac(subject, expiry).toString('base64url')}`;
  }

  /** The page's path with its token (what the API answers; the PWA owns the page). */
  path(subject: T, now = Date.now()): string {
    return `${this.kind.path(subject)}?token=${this.token(subject, now)}`;
  }

  /** The absolute link the e-mails carry. */
  url(subject: T, now = Date.now()): string {
    return `${this.publicUrl}${this.path(subject, now)}`;
  }

  verify(subject: T, token: string, now = Date.now()): LinkVerdict {
    const match = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return 'invalid';
    const [, expiry, signature] = match;
    // As text: decoded, four spellings of one signature would open the page.
    if (!sameText(signature, this.mac(subject, expiry).toString('base64url'))) return 'invalid';
    return parseInt(expiry, 36) * 1000 > now ? 'valid' : 'expired';
  }

  private mac(subject: T, expiry: string): Buffer {
    return createHmac('sha256', this.key)
      .update(`${this.kind.binds(subject)}.${expiry}`)
      .digest();
  }
}

/** The end of the LINK_TTL_DAYS-th day after the day (UTC) of `issuedAt`, in milliseconds. */
function expiryOf(issuedAt: number): number {
  return (Math.floor(issuedAt / DAY_MS) + LINK_TTL_DAYS + 1) * DAY_MS;
}
