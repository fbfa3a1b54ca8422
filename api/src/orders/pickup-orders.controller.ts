import { type PickupQueueOrder, pickupDelaySchema, pickupMoveSchema, pickupQueueQuerySchema } from '@cocoa/shared-types';
import { Body, Controller, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import { IdParamDto } from '../common/id-param.dto';
import { AdminOnly, CurrentUser } from '../common/auth.guards';
import { ChangeKey } from '../common/change-key';
import type { SessionUser } from '../common/session-user';
import { createZodDto } from '../common/zod-validation.pipe';
import { OrderRefundsService } from './order-refunds.service';
import { OrderIdParamDto } from './orders.dto';
import { PickupOrdersService } from './pickup-orders.service';

class PickupQueueQueryDto extends createZodDto(pickupQueueQuerySchema) {}
class PickupMoveDto extends createZodDto(pickupMoveSchema) {}
class PickupDelayDto extends createZodDto(pickupDelaySchema) {}

const actorOf = (user: SessionUser) => `admin:${user.username}`;

/** The owner's pickup queue at the cart (docs/order-ahead.md). Moves replayed from the tablet's offline queue are made once. */
@Controller()
@AdminOnly()
export class PickupOrdersController {
  constructor(
    private readonly pickup: PickupOrdersService,
    private readonly refunds: OrderRefundsService,
  ) {}

  @Get('admin/pickup/orders')
  @Header('Cache-Control', 'private, no-store')
  queue(@Query() query: PickupQueueQueryDto): Promise<PickupQueueOrder[]> {
    return this.pickup.queue(query.date);
  }

  /** accepted, preparing, ready, picked_up, not_collected; cancelled refunds the whole order. A move not allowed now answers 409. */
  @Post('admin/pickup/orders/:id/move')
  @HttpCode(200)
  async move(
    @Param() params: OrderIdParamDto,
    @Body() body: PickupMoveDto,
    @CurrentUser() user: SessionUser,
    @ChangeKey() key: string | undefined,
  ): Promise<PickupQueueOrder> {
    if (body.to === 'cancelled') {
      await this.refunds.cancel(params.id, { reason: body.reason || 'We could not make your order at the cart.', restock: true }, actorOf(user));
      return this.pickup.view(params.id);
    }
    return this.pickup.move(params.id, body.to, actorOf(user), key);
  }

  @Post('admin/stops/:id/pickup-delay')
  @HttpCode(200)
  delay(
    @Param() params: IdParamDto,
    @Body() body: PickupDelayDto,
    @CurrentUser() user: SessionUser,
    @ChangeKey() key: string | undefined,
  ): Promise<{ delayed: number; minutes: number }> {
    return this.pickup.delay(params.id, body.minutes, actorOf(user), key);
  }
}
