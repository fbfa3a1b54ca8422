import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { type CreateFromPaymentResponse, NEXT_CURSOR_HEADER, type OrderView, type ProviderOrder } from '@cocoa/shared-types';
import type { Response } from 'express';
import { CurrentUser, SignedIn } from '../common/auth.guards';
import { OptionalUser } from '../common/optional-user.decorator';
import type { SessionUser } from '../common/session-user';
import { CreateFromPaymentDto, MyOrdersQueryDto, OrderIdParamDto, OrderLinkQueryDto } from './orders.dto';
import { OrdersService } from './orders.service';

@Controller()
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Post('orders/create-from-payment')
  @SignedIn()
  @HttpCode(200)
  createFromPayment(@Body() body: CreateFromPaymentDto, @CurrentUser() user: SessionUser): Promise<CreateFromPaymentResponse> {
    return this.orders.createFromPayment(body.paymentIntentId, user);
  }

  /**
   * Its owner or an admin, or anyone with the order link's token (?token=, the e-mails' link);
   * anyone else, signed in or not, gets the same 404 as for a missing order.
   */
  @Get('orders/:id')
  @Header('Cache-Control', 'no-store')
  findOne(@Param() params: OrderIdParamDto, @Query() query: OrderLinkQueryDto, @OptionalUser() user: SessionUser | undefined): Promise<OrderView> {
    return this.orders.findForViewer(params.id, user, query.token);
  }

  /** A list of Square-shaped orders; the next page's cursor travels in X-Next-Cursor. */
  @Get('me/orders')
  @Header('Cache-Control', 'no-store')
  @SignedIn()
  async mine(@CurrentUser() user: SessionUser, @Query() query: MyOrdersQueryDto, @Res({ passthrough: true }) res: Response): Promise<ProviderOrder[]> {
    const { orders, nextCursor } = await this.orders.listMine(user, query);
    if (nextCursor) res.setHeader(NEXT_CURSOR_HEADER, nextCursor);
    return orders;
  }
}
