import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type SettingKey, type SettingsMap, SQUARE_MODES, type SquareMode } from '@cocoa/shared-types';
import { In, Repository } from 'typeorm';
import { log } from '../common/logger';
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
} as const;

/**
 * Key/value settings over the `settings` table. Read on each use, never cached in memory, so every
 * API replica sees a change at once.
 */
@Injectable()
export class SettingsService {
  private box: { secret: string; box: SecretBox } | undefined;

  constructor(
    @InjectRepository(Setting) private readonly settings: Repository<Setting>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async get(key: string): Promise<string | undefined> {
    const row = await this.settings.findOneBy({ key });
    return row?.value;
  }

  /** Several keys in one query; missing keys are absent from the result. */
  async getMany(keys: readonly string[]): Promise<Record<string, string>> {
    if (keys.length === 0) return {};
    const rows = await this.settings.findBy({ key: In([...keys]) });
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  }

  async set(key: string, value: string): Promise<void> {
    await this.settings.upsert({ key, value }, { conflictPaths: ['key'] });
  }

  async remove(...keys: string[]): Promise<void> {
    if (keys.length > 0) await this.settings.delete({ key: In(keys) });
  }

  /** Deletes the key only while it still holds `value`; true when this call deleted it. */
  async removeIf(key: string, value: string): Promise<boolean> {
    const result = await this.settings.delete({ key, value });
    return (result.affected ?? 0) > 0;
  }

  /** Stores a secret encrypted at rest (AES-256-GCM, key derived from the session secret). */
  async setSecret(key: string, plain: string): Promise<void> {
    await this.set(key, (await this.secretBox()).seal(plain));
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
    const stored = await this.getMany([SETTING_KEYS.squareApplicationId, SETTING_KEYS.squareMode, SETTING_KEYS.squareLocationId]);
    const mode = stored[SETTING_KEYS.squareMode];
    return {
      SQUARE_APPLICATION_ID: stored[SETTING_KEYS.squareApplicationId] || null,
      SQUARE_MODE: (SQUARE_MODES as readonly string[]).includes(mode) ? (mode as SquareMode) : this.config.SQUARE_MODE,
      SQUARE_LOCATION_ID: stored[SETTING_KEYS.squareLocationId] || null,
    };
  }

  /** An allow-listed key with a value already validated by the shared schema; '' clears optional ones. */
  async setPublic(key: SettingKey, value: string): Promise<SettingsMap> {
    if (value === '') await this.remove(key);
    else await this.set(key, value);
    return this.publicSettings();
  }

  private async secretBox(): Promise<SecretBox> {
    const secret = this.config.SESSION_SECRET ?? (await this.get(SETTING_KEYS.internalSessionSecret));
    if (!secret) throw new Error('No session secret to derive the settings encryption key from');
    if (this.box?.secret !== secret) this.box = { secret, box: new SecretBox(secret) };
    return this.box.box;
  }
}
