import { type PickupQueueOrder, pickupDelaySchema, pickupMoveSchema, pickupQueueQuerySchema } from '@cocoa/shared-types';
import { Body, Controller, Param, Query } from '@nestjs/common';
import { IdParamDto } from '../common/id-param.dto';
import { type AdminActor, AdminGet, AdminPost, CurrentActor } from '../common/auth.guards';
import { ChangeKey } from '../common/change-key';
import { createZodDto } from '../common/zod-validation.pipe';
import { OrderRefundsService } from './order-refunds.service';
import { OrderIdParamDto } from './orders.dto';
import { PickupOrdersService } from './pickup-orders.service';

class PickupQueueQueryDto extends createZodDto(pickupQueueQuerySchema) {}
class PickupMoveDto extends createZodDto(pickupMoveSchema) {}
class PickupDelayDto extends createZodDto(pickupDelaySchema) {}

/** The owner's pickup queue at the cart (docs/order-ahead.md). Moves replayed from the tablet's offline queue are made once. */
@Controller()
export class PickupOrdersController {
  constructor(
    private readonly pickup: PickupOrdersService,
    private readonly refunds: OrderRefundsService,
  ) {}

  @AdminGet('admin/pickup/orders')
  queue(@Query() query: PickupQueueQueryDto): Promise<PickupQueueOrder[]> {
    return this.pickup.queue(query.date);
  }

  /** accepted, preparing, ready, picked_up, not_collected; cancelled refunds the whole order. A move not allowed now answers 409. */
  @AdminPost('admin/pickup/orders/:id/move')
  async move(
    @Param() params: OrderIdParamDto,
    @Body() body: PickupMoveDto,
    @CurrentActor() actor: AdminActor,
    @ChangeKey() key: string | undefined,
  ): Promise<PickupQueueOrder> {
    if (body.to === 'cancelled') {
      await this.refunds.cancel(params.id, { reason: body.reason || 'We could not make your order at the cart.', restock: true }, actor);
      return this.pickup.view(params.id);
    }
    return this.pickup.move(params.id, body.to, actor, key);
  }

  @AdminPost('admin/stops/:id/pickup-delay')
  delay(
    @Param() params: IdParamDto,
    @Body() body: PickupDelayDto,
    @CurrentActor() actor: AdminActor,
    @ChangeKey() key: string | undefined,
  ): Promise<{ delayed: number; minutes: number }> {
    return this.pickup.delay(params.id, body.minutes, actor, key);
  }
}
