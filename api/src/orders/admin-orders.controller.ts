import { Body, Controller, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { AdminOrderDetail, AdminOrdersPage } from '@cocoa/shared-types';
import { StepUp } from '../common/step-up.guard';
import { AdminOnly, CurrentUser } from '../common/auth.guards';
import { ChangeKey } from '../common/change-key';
import type { SessionUser } from '../common/session-user';
import { AdminOrdersService } from './admin-orders.service';
import { OrderFulfilmentService } from './order-fulfilment.service';
import { OrderRefundsService } from './order-refunds.service';
import { AdminOrdersQueryDto, CancelOrderDto, FulfilmentMoveDto, OrderIdParamDto, OrderRefundParamDto, RefundOrderDto } from './orders.dto';

/** Who made a change, as the timeline shows it. */
const actorOf = (user: SessionUser) => `admin:${user.username}`;

/** The owner's Orders tab. Every call answers the order as the detail shows it after the change. */
@Controller('admin/orders')
@AdminOnly()
export class AdminOrdersController {
  constructor(
    private readonly orders: AdminOrdersService,
    private readonly fulfilment: OrderFulfilmentService,
    private readonly refunds: OrderRefundsService,
  ) {}

  @Get()
  @Header('Cache-Control', 'private, no-store')
  list(@Query() query: AdminOrdersQueryDto): Promise<AdminOrdersPage> {
    return this.orders.list(query);
  }

  @Get(':id')
  @Header('Cache-Control', 'private, no-store')
  detail(@Param() params: OrderIdParamDto): Promise<AdminOrderDetail> {
    return this.orders.detail(params.id);
  }

  /**
   * packed, shipped (carrier, tracking) or delivered; a move FULFILMENT_MOVES does not allow answers
   * 409. A move replayed from the tablet's offline queue under the same Idempotency-Key is made once.
   */
  @Post(':id/fulfilment')
  @HttpCode(200)
  move(
    @Param() params: OrderIdParamDto,
    @Body() body: FulfilmentMoveDto,
    @CurrentUser() user: SessionUser,
    @ChangeKey() key: string | undefined,
  ): Promise<AdminOrderDetail> {
    return this.fulfilment.move(params.id, body, actorOf(user), key);
  }

  /** Before shipping only; refunds what is left. Money goes back, so it asks for a fresh check like a refund. */
  @Post(':id/cancel')
  @StepUp()
  @HttpCode(200)
  cancel(@Param() params: OrderIdParamDto, @Body() body: CancelOrderDto, @CurrentUser() user: SessionUser): Promise<AdminOrderDetail> {
    return this.refunds.cancel(params.id, body, actorOf(user));
  }

  @Post(':id/refunds')
  @StepUp()
  @HttpCode(200)
  refund(@Param() params: OrderIdParamDto, @Body() body: RefundOrderDto, @CurrentUser() user: SessionUser): Promise<AdminOrderDetail> {
    return this.refunds.refund(params.id, body, actorOf(user));
  }

  /** A refund Square never answered: asked again with the same idempotency key. */
  @Post(':id/refunds/:refundId/retry')
  @StepUp()
  @HttpCode(200)
  retry(@Param() params: OrderRefundParamDto, @CurrentUser() user: SessionUser): Promise<AdminOrderDetail> {
    return this.refunds.retry(params.id, params.refundId, actorOf(user));
  }
}
