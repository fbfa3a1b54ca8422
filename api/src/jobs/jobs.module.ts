import { Global, Module } from '@nestjs/common';
import { JobsService } from './jobs.service';

/** Global: any module may queue, handle and schedule jobs through JobsService (see its doc). */
@Global()
@Module({ providers: [JobsService], exports: [JobsService] })
export class JobsModule {}
