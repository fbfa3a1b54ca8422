import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  acceptsTestPayments,
  type SettingKey,
  type SettingsMap,
  SQUARE_MODES,
  type SquareMode,
  squareApplicationIdMismatch,
  squareModeOfApplicationId,
} from '@cocoa/shared-types';
import { type EntityManager, In, Repository } from 'typeorm';
import { UserInputError } from '../common/domain-errors';
import { log } from '../common/logger';
import { PublicAnswerCache } from '../common/public-answer-cache';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { SecretBox } from './secret-box';
import { Setting } from './setting.entity';

/**
 * Known keys. The token keys hold values sealed by SecretBox; the OAuth keys are written by the
 * admin OAuth flow and never sent to a browser.
 */
export const SETTING_KEYS = {
  squareApplicationId: 'SQUARE_APPLICATION_ID',
  squareMode: 'SQUARE_MODE',
  squareAccessToken: 'SQUARE_ACCESS_TOKEN',
  squareRefreshToken: 'SQUARE_REFRESH_TOKEN',
  squareTokenExpiresAt: 'SQUARE_TOKEN_EXPIRES_AT',
  /** The mode (sandbox | production) the stored token was issued for. */
  squareTokenMode: 'SQUARE_TOKEN_MODE',
  squareLocationId: 'SQUARE_LOCATION_ID',
  squareMerchantId: 'SQUARE_MERCHANT_ID',
  squareOAuthState: 'SQUARE_OAUTH_STATE',
  internalSessionSecret: 'INTERNAL_SESSION_SECRET',
  /** 'true' | 'false': the owner's test-payments switch (default by mode: `acceptsTestPayments`). */
  acceptTestPayments: 'ACCEPT_TEST_PAYMENTS',
  shopTimeZone: 'SHOP_TIME_ZONE',
  /** Booking rules the owner sets (bookings/booking-settings.service.ts holds their defaults). */
  bookingLeadTimeDays: 'BOOKING_LEAD_TIME_DAYS',
  bookingDepositPercent: 'BOOKING_DEPOSIT_PERCENT',
  bookingBalanceDueDays: 'BOOKING_BALANCE_DUE_DAYS',
  bookingFullRefundDays: 'BOOKING_FULL_REFUND_DAYS',
  bookingCancellationPolicy: 'BOOKING_CANCELLATION_POLICY',
  /** Ordering ahead (events/pickup-settings.service.ts holds their defaults). */
  pickupSlotMinutes: 'PICKUP_SLOT_MINUTES',
  pickupSlotCapacity: 'PICKUP_SLOT_CAPACITY',
  pickupLeadMinutes: 'PICKUP_LEAD_MINUTES',
  pickupPaused: 'PICKUP_PAUSED',
  pickupPausedMessage: 'PICKUP_PAUSED_MESSAGE',
  pickupAutoAccept: 'PICKUP_AUTO_ACCEPT',
  /** Web Push (live/push-keys.service.ts): the VAPID key pair, made once; the private key sealed. */
  pushVapidPublicKey: 'PUSH_VAPID_PUBLIC_KEY',
  pushVapidPrivateKey: 'PUSH_VAPID_PRIVATE_KEY',
  /** Shipping and tax rates, one JSON value (orders/money-settings.service.ts holds their defaults). */
  moneySettings: 'MONEY_SETTINGS',
  /** ISO instant the owner last confirmed the legal pages were reviewed (legal/legal-pages.service.ts). */
  legalReviewedAt: 'LEGAL_REVIEWED_AT',
  /** The shop's identity (settings/shop-identity.service.ts): '' or absent means the demo's value. */
  shopName: 'SHOP_NAME',
  shopLogoImage: 'SHOP_LOGO_IMAGE',
  shopAddressStreet: 'SHOP_ADDRESS_STREET',
  shopAddressCity: 'SHOP_ADDRESS_CITY',
  shopAddressRegion: 'SHOP_ADDRESS_REGION',
  shopAddressPostcode: 'SHOP_ADDRESS_POSTCODE',
  shopAddressCountry: 'SHOP_ADDRESS_COUNTRY',
  shopPhone: 'SHOP_PHONE',
  shopEmail: 'SHOP_EMAIL',
  shopHours: 'SHOP_HOURS',
  /** A JSON array of https URLs. */
  shopSocialLinks: 'SHOP_SOCIAL_LINKS',
  /** ISO time the owner followed the link of the go-live test e-mail (back-office/go-live.service.ts). */
  mailTestConfirmedAt: 'MAIL_TEST_CONFIRMED_AT',
  /** The daily backup (backup/backup-schedule.service.ts): 'true' | 'false', and how many of its files to keep. */
  backupDaily: 'BACKUP_DAILY',
  backupKeep: 'BACKUP_KEEP',
} as const;

/** How long one request may answer settings from what it read first. */
const REQUEST_SNAPSHOT_MS = 1000;

interface RequestSettings {
  rows?: ReadonlyMap<string, string>;
  readAt?: number;
}

/** The settings a request has read, per request (withSettingsSnapshot). */
const requestSettings = new AsyncLocalStorage<RequestSettings>();

/**
 * Runs `next` (one HTTP request) with a settings snapshot of its own: the request's first read
 * takes every row at once, and its later reads (the payment mode, the link key, the shop's zone
 * for each e-mail...) answer from it for up to a second. A write made through this service
 * forgets it. A mail delivery job reads through one too; elsewhere outside a request (other
 * jobs, start-up) every read goes to the table.
 */
export function withSettingsSnapshot<T>(next: () => T): T {
  return requestSettings.run({}, next);
}

/** The key the rows are kept under between requests (PublicAnswerCache.remember). */
const KEPT_ROWS = 'settings:rows';

/**
 * Key/value settings over the `settings` table. A request's first read takes the rows kept
 * between requests (read once, then kept like the public answers: until a write through the API,
 * here or on another replica, which tells the others, or for the cache's time to live, which
 * bounds a change made beside the app, in psql); reads inside a transaction go to the table.
 * Within one request they are read once (withSettingsSnapshot).
 */
@Injectable()
export class SettingsService {
  private box: { secret: string; box: SecretBox } | undefined;

  constructor(
    @InjectRepository(Setting) private readonly settings: Repository<Setting>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly kept?: PublicAnswerCache,
  ) {}

  /** With `manager`, read inside the caller's transaction. */
  async get(key: string, manager?: EntityManager): Promise<string | undefined> {
    const snapshot = await this.snapshot(manager);
    if (snapshot) return snapshot.get(key);
    const row = await this.repository(manager).findOneBy({ key });
    return row?.value;
  }

  /**
   * Stores `value` unless the key already holds one: one INSERT ... ON CONFLICT DO NOTHING, so of
   * replicas racing only one wins. True when this call stored it. With `manager`, inside the
   * caller's transaction (the row commits or rolls back with it).
   */
  async setIfAbsent(key: string, value: string, manager?: EntityManager): Promise<boolean> {
    const result = await this.repository(manager).createQueryBuilder().insert().values({ key, value }).orIgnore().returning('key').execute();
    this.changed();
    return (result.raw as unknown[]).length > 0;
  }

  /**
   * The secret that signs session cookies and derives the settings encryption key: SESSION_SECRET,
   * else a random one the first replica to start stored, so every replica (and a restart) agrees.
   */
  async sessionSecret(): Promise<string> {
    if (this.config.SESSION_SECRET) return this.config.SESSION_SECRET;
    // Read first: the row exists after the first start, so this runs once per installation.
    const existing = await this.get(SETTING_KEYS.internalSessionSecret);
    if (existing) return existing;
    await this.setIfAbsent(SETTING_KEYS.internalSessionSecret, randomBytes(32).toString('hex'));
    const stored = await this.get(SETTING_KEYS.internalSessionSecret);
    if (!stored) throw new Error('The session secret could not be stored');
    return stored;
  }

  /** Several keys in one query; missing keys are absent from the result. With `manager`, read inside the caller's transaction. */
  async getMany(keys: readonly string[], manager?: EntityManager): Promise<Record<string, string>> {
    if (keys.length === 0) return {};
    const snapshot = await this.snapshot(manager);
    if (snapshot) return Object.fromEntries(keys.flatMap((key) => (snapshot.has(key) ? [[key, snapshot.get(key)!]] : [])));
    const rows = await this.repository(manager).findBy({ key: In([...keys]) });
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  }

  async set(key: string, value: string): Promise<void> {
    await this.settings.upsert({ key, value }, { conflictPaths: ['key'] });
    this.changed();
  }

  async remove(...keys: string[]): Promise<void> {
    if (keys.length > 0) await this.settings.delete({ key: In(keys) });
    this.changed();
  }

  /** Deletes the key only while it still holds `value`; true when this call deleted it. */
  async removeIf(key: string, value: string): Promise<boolean> {
    const result = await this.settings.delete({ key, value });
    this.changed();
    return (result.affected ?? 0) > 0;
  }

  /** Stores a secret encrypted at rest (AES-256-GCM, key derived from the session secret). */
  async setSecret(key: string, plain: string): Promise<void> {
    await this.set(key, (await this.secretBox()).seal(plain));
  }

  /** A secret sealed as setSecret stores it, for a caller that writes it itself (setIfAbsent in its transaction). */
  async sealSecret(plain: string): Promise<string> {
    return (await this.secretBox()).seal(plain);
  }

  /** Decrypts a stored secret; undefined when absent or not readable with this installation's key. */
  async openSecret(sealed: string | undefined, key: string): Promise<string | undefined> {
    if (!sealed) return undefined;
    const plain = (await this.secretBox()).open(sealed);
    if (plain === undefined) log('warn', 'a stored secret could not be decrypted (another session secret?); ignoring it', { key });
    return plain;
  }

  /** What the admin page may see: the allow-listed keys, never tokens or secrets. */
  async publicSettings(): Promise<SettingsMap> {
    const stored = await this.getMany([
      SETTING_KEYS.squareApplicationId,
      SETTING_KEYS.squareMode,
      SETTING_KEYS.squareLocationId,
      SETTING_KEYS.shopTimeZone,
      SETTING_KEYS.acceptTestPayments,
    ]);
    const mode = stored[SETTING_KEYS.squareMode];
    const squareMode = (SQUARE_MODES as readonly string[]).includes(mode) ? (mode as SquareMode) : this.config.SQUARE_MODE;
    return {
      SQUARE_APPLICATION_ID: stored[SETTING_KEYS.squareApplicationId] || null,
      SQUARE_MODE: squareMode,
      SQUARE_LOCATION_ID: stored[SETTING_KEYS.squareLocationId] || null,
      ACCEPT_TEST_PAYMENTS: acceptsTestPayments(stored[SETTING_KEYS.acceptTestPayments], squareMode) ? 'true' : 'false',
      SHOP_TIME_ZONE: stored[SETTING_KEYS.shopTimeZone] || this.config.SHOP_TIME_ZONE,
    };
  }

  /**
   * An allow-listed key with a value already validated by the shared schema; '' clears optional ones.
   * An application id must belong to the environment in force (sandbox-sq0idb-… in the sandbox,
   * sq0idp-… in production): otherwise 400 and nothing changes. Choosing the environment is always
   * allowed (the admin form saves the environment first, then the id, checking the pair before it
   * sends anything); an id left from the other environment is then not used (`squareApplicationId`).
   */
  async setPublic(key: SettingKey, value: string): Promise<SettingsMap> {
    if (key === SETTING_KEYS.squareApplicationId) {
      const mismatch = squareApplicationIdMismatch(value, (await this.publicSettings()).SQUARE_MODE);
      if (mismatch) throw new UserInputError(mismatch, 'SQUARE_APPLICATION_ID_MODE');
    }
    if (value === '') await this.remove(key);
    else await this.set(key, value);
    return this.publicSettings();
  }

  /** The saved application id when it belongs to `mode`; null when none is saved or it is the other environment's. */
  async squareApplicationId(mode: SquareMode): Promise<string | null> {
    const saved = await this.get(SETTING_KEYS.squareApplicationId);
    return saved && squareModeOfApplicationId(saved) === mode ? saved : null;
  }

  /** The request's snapshot (loaded now when it has none, or an old one), or undefined outside a request. */
  private async snapshot(manager?: EntityManager): Promise<ReadonlyMap<string, string> | undefined> {
    const request = requestSettings.getStore();
    if (!request) return undefined;
    if (request.rows && Date.now() - (request.readAt ?? 0) < REQUEST_SNAPSHOT_MS) return request.rows;
    request.rows = manager || !this.kept ? await this.readAll(manager) : await this.kept.remember(KEPT_ROWS, () => this.readAll());
    request.readAt = Date.now();
    return request.rows;
  }

  private async readAll(manager?: EntityManager): Promise<ReadonlyMap<string, string>> {
    const rows = await this.repository(manager).find();
    return new Map(rows.map((row) => [row.key, row.value]));
  }

  /** After a write: this request reads again, and so does every other (here and, told, on other replicas). */
  private changed(): void {
    forgetSnapshot();
    this.kept?.invalidate();
  }

  private repository(manager?: EntityManager): Repository<Setting> {
    return manager ? manager.getRepository(Setting) : this.settings;
  }

  private async secretBox(): Promise<SecretBox> {
    const secret = await this.sessionSecret();
    if (this.box?.secret !== secret) this.box = { secret, box: new SecretBox(secret) };
    return this.box.box;
  }
}

/** A write in this request: its next read goes to the table. */
function forgetSnapshot(): void {
  const request = requestSettings.getStore();
  if (request) request.rows = undefined;
}
