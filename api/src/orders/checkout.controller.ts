import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { CheckoutCompleteResponse } from '@cocoa/shared-types';
import { OptionalUser } from '../common/optional-user.decorator';
import { RateLimit } from '../common/rate-limit.guard';
import type { SessionUser } from '../common/session-user';
import { CheckoutService } from './checkout.service';
import { CheckoutCompleteDto } from './orders.dto';

/** Public: guests may check out; a signed-in buyer's order is tied to their account. */
@Controller('square/checkout')
export class CheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  /**
   * A public card endpoint invites card-testing: refused checkouts (declined cards, bad amounts)
   * are limited per address. Paid orders are not counted, so a venue's crowd can all buy.
   */
  @Post('complete')
  @HttpCode(200)
  @RateLimit('checkout', 'refused requests')
  complete(@Body() body: CheckoutCompleteDto, @OptionalUser() user: SessionUser | undefined): Promise<CheckoutCompleteResponse> {
    return this.checkout.complete(body, user);
  }
}
