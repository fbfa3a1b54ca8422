import { Module } from '@nestjs/common';
import { DatabaseOutage } from './database-outage';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

/** Exports DatabaseOutage for the error filter: a request answered 503 for lack of the database reports it there. */
@Module({ controllers: [HealthController], providers: [HealthService, DatabaseOutage], exports: [DatabaseOutage] })
export class HealthModule {}
