import { Global, Module } from '@nestjs/common';
import { JobsService } from './jobs.service';
import { PgliteVacuumService } from './pglite-vacuum.service';

/**
 * Global: any module may queue, handle and schedule jobs through JobsService (see its doc). The
 * embedded database's nightly VACUUM is one of its jobs (PgliteVacuumService).
 */
@Global()
@Module({ providers: [JobsService, PgliteVacuumService], exports: [JobsService] })
export class JobsModule {}
