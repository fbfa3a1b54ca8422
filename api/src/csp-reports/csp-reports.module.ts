import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CspReportEntity } from './csp-report.entity';
import { CspReportsController } from './csp-reports.controller';
import { CspReportsService } from './csp-reports.service';

/**
 * POST /api/csp-reports: the pages' Content-Security-Policy violations as browsers report them,
 * kept in csp_reports (the newest only); GET /api/admin/csp-reports lists them for the owner.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CspReportEntity])],
  controllers: [CspReportsController],
  providers: [CspReportsService],
})
export class CspReportsModule {}
