import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { Setting } from './setting.entity';

/** Known keys. SQUARE_ACCESS_TOKEN is stored by the admin OAuth flow and never sent to a browser. */
export const SETTING_KEYS = {
  squareApplicationId: 'SQUARE_APPLICATION_ID',
  squareMode: 'SQUARE_MODE',
  squareAccessToken: 'SQUARE_ACCESS_TOKEN',
  squareLocationId: 'SQUARE_LOCATION_ID',
  squareMerchantId: 'SQUARE_MERCHANT_ID',
} as const;

/**
 * Key/value settings over the `settings` table. Read on each use, never cached in memory, so every
 * API replica sees a change at once.
 */
@Injectable()
export class SettingsService {
  constructor(@InjectRepository(Setting) private readonly settings: Repository<Setting>) {}

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

  async remove(key: string): Promise<void> {
    await this.settings.delete({ key });
  }
}
