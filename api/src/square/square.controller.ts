import { Controller, Get } from '@nestjs/common';
import type { WebPaymentsConfig } from '@cocoa/shared-types';
import { SquareService } from './square.service';

@Controller('square')
export class SquareController {
  constructor(private readonly square: SquareService) {}

  /** Public: the application and location ids are meant for the browser; the token never is. */
  @Get('web-payments/config')
  webPaymentsConfig(): Promise<WebPaymentsConfig> {
    return this.square.webPaymentsConfig();
  }
}
