import { Module } from '@nestjs/common';
import { SeedService } from './seed.service';

/** Seeds the demo catalogue on first start (the admin user is seeded by the accounts module). */
@Module({ providers: [SeedService], exports: [SeedService] })
export class SeedModule {}
