import { Body, Controller, Param, Query } from '@nestjs/common';
import type { AdminOrderDetail, AdminOrdersPage } from '@cocoa/shared-types';
import { StepUp } from '../common/step-up.guard';
import { type AdminActor, AdminGet, AdminPost, CurrentActor } from '../common/auth.guards';
import { ChangeKey } from '../common/change-key';
import { AdminOrdersService } from './admin-orders.service';
import { OrderFulfilmentService } from './order-fulfilment.service';
import { OrderRefundsService } from './order-refunds.service';
import { AdminOrdersQueryDto, CancelOrderDto, FulfilmentMoveDto, OrderIdParamDto, OrderRefundParamDto, RefundOrderDto } from './orders.dto';

/** The owner's Orders tab. Every call answers the order as the detail shows it after the change. */
@Controller('admin/orders')
export class AdminOrdersController {
  constructor(
    private readonly orders: AdminOrdersService,
    private readonly fulfilment: OrderFulfilmentService,
    private readonly refunds: OrderRefundsService,
  ) {}

  @AdminGet()
  list(@Query() query: AdminOrdersQueryDto): Promise<AdminOrdersPage> {
    return this.orders.list(query);
  }

  @AdminGet(':id')
  detail(@Param() params: OrderIdParamDto): Promise<AdminOrderDetail> {
    return this.orders.detail(params.id);
  }

  /**
   * packed, shipped (carrier, tracking) or delivered; a move FULFILMENT_MOVES does not allow answers
   * 409. A move replayed from the tablet's offline queue under the same Idempotency-Key is made once.
   */
  @AdminPost(':id/fulfilment')
  move(
    @Param() params: OrderIdParamDto,
    @Body() body: FulfilmentMoveDto,
    @CurrentActor() actor: AdminActor,
    @ChangeKey() key: string | undefined,
  ): Promise<AdminOrderDetail> {
    return this.fulfilment.move(params.id, body, actor, key);
  }

  /** Before shipping only; refunds what is left. Money goes back, so it asks for a fresh check like a refund. */
  @StepUp()
  @AdminPost(':id/cancel')
  cancel(@Param() params: OrderIdParamDto, @Body() body: CancelOrderDto, @CurrentActor() actor: AdminActor): Promise<AdminOrderDetail> {
    return this.refunds.cancel(params.id, body, actor);
  }

  @StepUp()
  @AdminPost(':id/refunds')
  refund(@Param() params: OrderIdParamDto, @Body() body: RefundOrderDto, @CurrentActor() actor: AdminActor): Promise<AdminOrderDetail> {
    return this.refunds.refund(params.id, body, actor);
  }

  /** A refund Square never answered: asked again with the same idempotency key. */
  @StepUp()
  @AdminPost(':id/refunds/:refundId/retry')
  retry(@Param() params: OrderRefundParamDto, @CurrentActor() actor: AdminActor): Promise<AdminOrderDetail> {
    return this.refunds.retry(params.id, params.refundId, actor);
  }
}
