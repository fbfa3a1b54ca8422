import { type PushPublicKey, pushSubscribeSchema, pushUnsubscribeSchema } from '@cocoa/shared-types';
import { Body, Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import { RateLimit } from '../common/rate-limit.guard';
import { createZodDto } from '../common/zod-validation.pipe';
import { PushService } from './push.service';

class PushSubscribeDto extends createZodDto(pushSubscribeSchema) {}
class PushUnsubscribeDto extends createZodDto(pushUnsubscribeSchema) {}

/** Web Push for the live tracker: all public; the writes are rate-limited per address. */
@Controller('push')
export class PushController {
  constructor(private readonly push: PushService) {}

  /** The shop's VAPID public key: the browser's applicationServerKey. Made on first need, then never changes. */
  @Get('public-key')
  @Header('Cache-Control', 'no-cache')
  publicKey(): Promise<PushPublicKey> {
    return this.push.publicKey();
  }

  /** A browser subscribes to a topic (a stop, anywhere, near a place); the same endpoint and topic again updates the one row. */
  @Post('subscriptions')
  @HttpCode(200)
  @RateLimit('push-subscribe')
  subscribe(@Body() body: PushSubscribeDto): Promise<{ message: string }> {
    return this.push.subscribe(body);
  }

  /** One tap: without a topic, every subscription of the endpoint. 200 whether or not anything matched. */
  @Post('unsubscribe')
  @HttpCode(200)
  @RateLimit('push-unsubscribe')
  unsubscribe(@Body() body: PushUnsubscribeDto): Promise<{ message: string }> {
    return this.push.unsubscribe(body);
  }
}
