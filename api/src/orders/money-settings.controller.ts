import { type MoneySettings, moneySettingsSchema } from '@cocoa/shared-types';
import { Controller, Get, Header } from '@nestjs/common';
import { AdminSetting } from '../common/admin-routes';
import { createZodDto } from '../common/zod-validation.pipe';
import { MoneySettingsService } from './money-settings.service';

class MoneySettingsDto extends createZodDto(moneySettingsSchema) {}

/** Shipping and tax rates: the checkout reads them, the owner sets them (docs/admin.md, "Shipping and tax"). */
@Controller()
export class MoneySettingsController extends AdminSetting<typeof MoneySettingsDto, MoneySettings>({ path: 'admin/money-settings', input: MoneySettingsDto }) {
  constructor(private readonly money: MoneySettingsService) {
    super({ read: () => money.get(), save: (input) => money.set(input) });
  }

  /** What the cart and checkout price an order with: the same rules the server prices it with. */
  @Get('money-settings')
  @Header('Cache-Control', 'no-cache')
  get(): Promise<MoneySettings> {
    return this.money.get();
  }
}
