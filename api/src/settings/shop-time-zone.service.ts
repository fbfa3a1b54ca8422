import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isTimeZone } from '@cocoa/shared-types';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { SETTING_KEYS, SettingsService } from './settings.service';

/**
 * The shop's time zone: the one the owner saved in Settings, else SHOP_TIME_ZONE. Stops, imported
 * calendar events, the published feed and e-mails read and write wall-clock times in it; nothing
 * uses the server process's TZ. Read on each use like every setting, so all replicas agree.
 */
@Injectable()
export class ShopTimeZoneService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: SettingsService,
  ) {}

  /** With `manager`, read in the caller's transaction (on PGlite another connection would wait for it). */
  async current(manager?: EntityManager): Promise<string> {
    const saved = await this.settings.get(SETTING_KEYS.shopTimeZone, manager);
    return saved && isTimeZone(saved) ? saved : this.config.SHOP_TIME_ZONE;
  }
}
