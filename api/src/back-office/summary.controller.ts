import type { Summary } from '@cocoa/shared-types';
import { Controller } from '@nestjs/common';
import { AdminGet } from '../common/auth.guards';
import { SummaryService } from './summary.service';

/** The admin's first screen: the week at a glance (see SummaryService). */
@Controller('admin/summary')
export class SummaryController {
  constructor(private readonly summary: SummaryService) {}

  @AdminGet()
  get(): Promise<Summary> {
    return this.summary.summary();
  }
}
