import type { SettingsMap } from '@cocoa/shared-types';
import { Body, Controller } from '@nestjs/common';
import { AdminGet, AdminPost } from '../common/auth.guards';
import { SettingUpdateDto } from './settings.dto';
import { SettingsService } from './settings.service';

@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  /** The allow-listed keys as a key → value map; tokens and secrets are never part of it. */
  @AdminGet()
  list(): Promise<SettingsMap> {
    return this.settings.publicSettings();
  }

  /** {key, value}: an allow-listed key, the value checked by that key's rule; answers the new map. */
  @AdminPost()
  save(@Body() body: SettingUpdateDto): Promise<SettingsMap> {
    return this.settings.setPublic(body.key, body.value);
  }
}
