import { type PickupSettings, pickupSettingsInputSchema, type StopPickup, stopOrdersAheadInputSchema } from '@cocoa/shared-types';
import { Body, Controller, Param } from '@nestjs/common';
import { IdParamDto } from '../common/id-param.dto';
import { AdminSetting } from '../common/admin-routes';
import { AdminPut } from '../common/auth.guards';
import { createZodDto } from '../common/zod-validation.pipe';
import { PickupSettingsService } from './pickup-settings.service';
import { PickupSlotsService } from './pickup-slots.service';

class PickupSettingsDto extends createZodDto(pickupSettingsInputSchema) {}
class OrdersAheadDto extends createZodDto(stopOrdersAheadInputSchema) {}

/** Ordering ahead for pickup at a stop (docs/order-ahead.md): the owner's switches (the customers' answer is the orders module's). */
@Controller()
export class OrderAheadController extends AdminSetting<typeof PickupSettingsDto, PickupSettings>({ path: 'admin/pickup/settings', input: PickupSettingsDto }) {
  constructor(
    private readonly slots: PickupSlotsService,
    settings: PickupSettingsService,
  ) {
    super({ read: () => settings.get(), save: (input) => settings.set(input) });
  }

  @AdminPut('stops/:id/orders-ahead')
  ordersAhead(@Param() params: IdParamDto, @Body() body: OrdersAheadDto): Promise<StopPickup> {
    return this.slots.setTakesOrders(params.id, body.takesOrders);
  }
}
