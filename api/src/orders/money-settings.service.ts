import { MONEY_SETTINGS_DEFAULTS, type MoneySettings, moneySettingsSchema } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { log } from '../common/logger';
import { SETTING_KEYS, SettingsService } from '../settings/settings.service';

/**
 * The owner's shipping and tax rules (docs/admin.md, "Shipping and tax"), kept as one settings
 * row in JSON (a backup holds it, every replica reads the same). Until the owner saves them, or
 * when the stored value no longer passes the shared schema, the defaults apply: the United
 * States only, 5.99 shipping, 7 % tax.
 */
@Injectable()
export class MoneySettingsService {
  constructor(private readonly settings: SettingsService) {}

  /** With `manager`, read inside the caller's transaction (a checkout's claim). */
  async get(manager?: EntityManager): Promise<MoneySettings> {
    const raw = await this.settings.get(SETTING_KEYS.moneySettings, manager);
    if (raw === undefined) return MONEY_SETTINGS_DEFAULTS;
    let stored: unknown;
    try {
      stored = JSON.parse(raw);
    } catch {
      stored = null;
    }
    const checked = moneySettingsSchema.safeParse(stored);
    if (checked.success) return checked.data;
    log('warn', 'the stored shipping and tax settings do not pass the rules; using the defaults');
    return MONEY_SETTINGS_DEFAULTS;
  }

  /** Replaces every rule (already checked by the shared schema). */
  async set(input: MoneySettings): Promise<MoneySettings> {
    await this.settings.set(SETTING_KEYS.moneySettings, JSON.stringify(input));
    return this.get();
  }
}
