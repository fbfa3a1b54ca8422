import { type PickupSettings, pickupSettingsInputSchema, type StopPickup, stopOrdersAheadInputSchema } from '@cocoa/shared-types';
import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { IdParamDto } from '../common/id-param.dto';
import { AdminOnly, AdminRead } from '../common/auth.guards';
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

  @Put('stops/:id/orders-ahead')
  @AdminOnly()
  ordersAhead(@Param() params: IdParamDto, @Body() body: OrdersAheadDto): Promise<StopPickup> {
    return this.slots.setTakesOrders(params.id, body.takesOrders);
  }

  @Get('admin/pickup/settings')
  @AdminRead()
  getSettings(): Promise<PickupSettings> {
    return this.settings.get();
  }

  @Put('admin/pickup/settings')
  @AdminOnly()
  putSettings(@Body() body: PickupSettingsDto): Promise<PickupSettings> {
    return this.settings.set(body);
  }
}
