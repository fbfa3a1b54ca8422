import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import type { Request } from 'express';
import { SquareWebhookService } from './square-webhook.service';

/** Public: Square's servers call it; every notification is checked against its signature. */
@Controller('square/webhooks')
export class SquareWebhookController {
  constructor(private readonly webhooks: SquareWebhookService) {}

  /** The raw body (kept by the JSON parser) is what Square signed; the parsed body is not used. */
  @Post()
  @HttpCode(200)
  receive(@Req() req: RawBodyRequest<Request>, @Headers('x-square-hmacsha256-signature') signature: string | undefined): Promise<{ received: true }> {
    return this.webhooks.receive(req.rawBody, signature);
  }
}
