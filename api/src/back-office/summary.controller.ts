import type { Summary } from '@cocoa/shared-types';
import { Controller, Get } from '@nestjs/common';
import { AdminOnly } from '../common/auth.guards';
import { SummaryService } from './summary.service';

/** The admin's first screen: the week at a glance (see SummaryService). */
@Controller('admin/summary')
@AdminOnly()
export class SummaryController {
  constructor(private readonly summary: SummaryService) {}

  @Get()
  get(): Promise<Summary> {
    return this.summary.summary();
  }
}
