import type { Summary } from '@cocoa/shared-types';
import { Controller, Get } from '@nestjs/common';
import { AdminOnly } from '../common/auth.guards';
import { OrdersSummaryService } from './orders-summary.service';

/** The admin's first screen: the week at a glance (see OrdersSummaryService). */
@Controller('admin/summary')
@AdminOnly()
export class OrdersSummaryController {
  constructor(private readonly summary: OrdersSummaryService) {}

  @Get()
  get(): Promise<Summary> {
    return this.summary.summary();
  }
}
