import {
  adminOrdersQuerySchema,
  cancelOrderSchema,
  cartClearQuerySchema,
  checkoutCompleteSchema,
  createFromPaymentSchema,
  discountCheckSchema,
  fulfilmentMoveSchema,
  myOrdersQuerySchema,
  orderLinkQuerySchema,
  refundOrderSchema,
} from '@cocoa/shared-types';
import { z } from 'zod';
import { createZodDto } from '../common/zod-validation.pipe';

export class CheckoutCompleteDto extends createZodDto(checkoutCompleteSchema) {}
export class DiscountCheckDto extends createZodDto(discountCheckSchema) {}
export class CreateFromPaymentDto extends createZodDto(createFromPaymentSchema) {}
export class MyOrdersQueryDto extends createZodDto(myOrdersQuerySchema) {}
export class CartClearQueryDto extends createZodDto(cartClearQuerySchema) {}
/** Any text is accepted; an id that is not a uuid simply finds no order (404, like someone else's). */
export class OrderIdParamDto extends createZodDto(z.object({ id: z.string().max(100) })) {}
export class OrderLinkQueryDto extends createZodDto(orderLinkQuerySchema) {}
export class AdminOrdersQueryDto extends createZodDto(adminOrdersQuerySchema) {}
export class FulfilmentMoveDto extends createZodDto(fulfilmentMoveSchema) {}
export class CancelOrderDto extends createZodDto(cancelOrderSchema) {}
export class RefundOrderDto extends createZodDto(refundOrderSchema) {}
/** A refund of an order, both by id; a text that is not a uuid finds nothing (404). */
export class OrderRefundParamDto extends createZodDto(z.object({ id: z.string().max(100), refundId: z.string().max(100) })) {}
