import { cartClearQuerySchema, checkoutCompleteSchema, createFromPaymentSchema, myOrdersQuerySchema } from '@cocoa/shared-types';
import { z } from 'zod';
import { createZodDto } from '../common/zod-validation.pipe';

export class CheckoutCompleteDto extends createZodDto(checkoutCompleteSchema) {}
export class CreateFromPaymentDto extends createZodDto(createFromPaymentSchema) {}
export class MyOrdersQueryDto extends createZodDto(myOrdersQuerySchema) {}
export class CartClearQueryDto extends createZodDto(cartClearQuerySchema) {}
/** Any text is accepted; an id that is not a uuid simply finds no order (404, like someone else's). */
export class OrderIdParamDto extends createZodDto(z.object({ id: z.string().max(100) })) {}
