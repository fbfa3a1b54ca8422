import { CSP_REPORT_SCHEMAS, CSP_REPORT_TYPES, type CspReport } from '@cocoa/shared-types';
import { Body, Controller, Get, Header, HttpCode, Post, Req, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { AdminOnly } from '../common/auth.guards';
import { RateLimit } from '../common/rate-limit.guard';
import { parseOrThrow } from '../common/zod-validation.pipe';
import { CspReportBodyInterceptor } from './csp-report-body.interceptor';
import { CspReportsService } from './csp-reports.service';

@Controller()
export class CspReportsController {
  constructor(private readonly reports: CspReportsService) {}

  /**
   * A browser's report of a violation of the pages' policy (its `report-uri` and `report-to`).
   * Anyone's browser sends them, so every request counts toward the address's limit; 204 and no
   * body, as browsers read nothing back.
   */
  @Post('csp-reports')
  @HttpCode(204)
  @RateLimit('csp-reports')
  @UseInterceptors(CspReportBodyInterceptor)
  async receive(@Req() req: Request, @Body() body: unknown): Promise<void> {
    // The interceptor let only these types through.
    const type = CSP_REPORT_TYPES.find((t) => req.is(t)) ?? CSP_REPORT_TYPES[0];
    await this.reports.record(parseOrThrow(CSP_REPORT_SCHEMAS[type], body), req.get('user-agent'));
  }

  /** The newest reports, for the owner (Admin → Settings). */
  @Get('admin/csp-reports')
  @AdminOnly()
  @Header('Cache-Control', 'no-store')
  list(): Promise<CspReport[]> {
    return this.reports.list();
  }
}
