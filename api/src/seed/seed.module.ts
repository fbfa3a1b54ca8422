import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { SeedService } from './seed.service';

/** Seeds the demo catalogue on first start (the admin user is seeded by the accounts module). */
@Module({ imports: [SettingsModule], providers: [SeedService], exports: [SeedService] })
export class SeedModule {}
