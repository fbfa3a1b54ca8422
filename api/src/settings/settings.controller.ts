import type { SettingsMap } from '@cocoa/shared-types';
import { Body, Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import { AdminOnly } from '../common/auth.guards';
import { SettingUpdateDto } from './settings.dto';
import { SettingsService } from './settings.service';

@Controller('settings')
@AdminOnly()
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  /** The allow-listed keys as a key → value map; tokens and secrets are never part of it. */
  @Get()
  @Header('Cache-Control', 'private, no-store')
  list(): Promise<SettingsMap> {
    return this.settings.publicSettings();
  }

  /** {key, value}: an allow-listed key, the value checked by that key's rule; answers the new map. */
  @Post()
  @HttpCode(200)
  save(@Body() body: SettingUpdateDto): Promise<SettingsMap> {
    return this.settings.setPublic(body.key, body.value);
  }
}
