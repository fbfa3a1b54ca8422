import { type MoneySettings, moneySettingsSchema } from '@cocoa/shared-types';
import { Body, Controller, Get, Header } from '@nestjs/common';
import { AdminGet, AdminPut } from '../common/auth.guards';
import { createZodDto } from '../common/zod-validation.pipe';
import { MoneySettingsService } from './money-settings.service';

class MoneySettingsDto extends createZodDto(moneySettingsSchema) {}

/** Shipping and tax rates: the checkout reads them, the owner sets them (docs/admin.md, "Shipping and tax"). */
@Controller()
export class MoneySettingsController {
  constructor(private readonly money: MoneySettingsService) {}

  /** What the cart and checkout price an order with: the same rules the server prices it with. */
  @Get('money-settings')
  @Header('Cache-Control', 'no-cache')
  get(): Promise<MoneySettings> {
    return this.money.get();
  }

  @AdminGet('admin/money-settings')
  getForOwner(): Promise<MoneySettings> {
    return this.money.get();
  }

  @AdminPut('admin/money-settings')
  put(@Body() body: MoneySettingsDto): Promise<MoneySettings> {
    return this.money.set(body);
  }
}
