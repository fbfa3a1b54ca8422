import { Body, Controller, Header, HttpCode, Post } from '@nestjs/common';
import type { DiscountCheckResponse } from '@cocoa/shared-types';
import { OptionalUser } from '../common/optional-user.decorator';
import { RateLimit } from '../common/rate-limit.guard';
import type { SessionUser } from '../common/session-user';
import { CheckoutService } from './checkout.service';
import { DiscountCheckDto } from './orders.dto';

/** Public: the checkout's "Apply" of a discount code. */
@Controller('checkout')
export class DiscountCheckController {
  constructor(private readonly checkout: CheckoutService) {}

  /**
   * What the code takes off this cart, or why not (4xx with the buyer's message). Refused checks are
   * limited per address like the checkout's, so codes cannot be guessed quickly.
   */
  @Post('discount')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @RateLimit('discount-check', 'refused requests')
  check(@Body() body: DiscountCheckDto, @OptionalUser() user: SessionUser | undefined): Promise<DiscountCheckResponse> {
    return this.checkout.checkDiscount(body, user);
  }
}
