import { type PickupSettings, pickupSettingsInputSchema, type StopPickup, stopOrdersAheadInputSchema } from '@cocoa/shared-types';
import { Body, Controller, Param } from '@nestjs/common';
import { IdParamDto } from '../common/id-param.dto';
import { AdminGet, AdminPut } from '../common/auth.guards';
import { createZodDto } from '../common/zod-validation.pipe';
import { PickupSettingsService } from './pickup-settings.service';
import { PickupSlotsService } from './pickup-slots.service';

class PickupSettingsDto extends createZodDto(pickupSettingsInputSchema) {}
class OrdersAheadDto extends createZodDto(stopOrdersAheadInputSchema) {}

/** Ordering ahead for pickup at a stop (docs/order-ahead.md): the owner's switches (the customers' answer is the orders module's). */
@Controller()
export class OrderAheadController {
  constructor(
    private readonly slots: PickupSlotsService,
    private readonly settings: PickupSettingsService,
  ) {}

  @AdminPut('stops/:id/orders-ahead')
  ordersAhead(@Param() params: IdParamDto, @Body() body: OrdersAheadDto): Promise<StopPickup> {
    return this.slots.setTakesOrders(params.id, body.takesOrders);
  }

  @AdminGet('admin/pickup/settings')
  getSettings(): Promise<PickupSettings> {
    return this.settings.get();
  }

  @AdminPut('admin/pickup/settings')
  putSettings(@Body() body: PickupSettingsDto): Promise<PickupSettings> {
    return this.settings.set(body);
  }
}
