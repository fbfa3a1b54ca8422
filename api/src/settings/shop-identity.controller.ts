import type { ShopIdentity, ShopIdentitySettings } from '@cocoa/shared-types';
import { Controller, Get } from '@nestjs/common';
import { AdminSetting } from '../common/admin-routes';
import { PublicAnswer } from '../common/public-answer.decorator';
import { ShopIdentityDto } from './settings.dto';
import { ShopIdentityService } from './shop-identity.service';

@Controller()
/** Admin → Settings reads the fields as saved and the identity they give; every field is saved at once, '' unsets one. */
export class ShopIdentityController extends AdminSetting<typeof ShopIdentityDto, ShopIdentitySettings>({
  path: 'settings/shop-identity',
  input: ShopIdentityDto,
}) {
  constructor(private readonly identity: ShopIdentityService) {
    super({ read: () => identity.settingsView(), save: (input) => identity.save(input) });
  }

  /** The shop as customers see it (name, logo, address, phone, e-mail, hours, social links). */
  @Get('shop')
  @PublicAnswer()
  shop(): Promise<ShopIdentity> {
    return this.identity.get();
  }
}
