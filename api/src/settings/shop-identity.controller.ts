import type { ShopIdentity, ShopIdentitySettings } from '@cocoa/shared-types';
import { Body, Controller, Get } from '@nestjs/common';
import { AdminGet, AdminPut } from '../common/auth.guards';
import { PublicAnswer } from '../common/public-answer.decorator';
import { ShopIdentityDto } from './settings.dto';
import { ShopIdentityService } from './shop-identity.service';

@Controller()
export class ShopIdentityController {
  constructor(private readonly identity: ShopIdentityService) {}

  /** The shop as customers see it (name, logo, address, phone, e-mail, hours, social links). */
  @Get('shop')
  @PublicAnswer()
  shop(): Promise<ShopIdentity> {
    return this.identity.get();
  }

  /** Admin → Settings: the fields as saved and the identity they give. */
  @AdminGet('settings/shop-identity')
  view(): Promise<ShopIdentitySettings> {
    return this.identity.settingsView();
  }

  /** Every field at once, checked by shopIdentityInputSchema (a 400 changes nothing); '' unsets one. */
  @AdminPut('settings/shop-identity')
  save(@Body() body: ShopIdentityDto): Promise<ShopIdentitySettings> {
    return this.identity.save(body);
  }
}
