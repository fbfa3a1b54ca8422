import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from './config/config.module';
import type { AppConfig } from './config/config.schema';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { OrdersModule } from './orders/orders.module';
import { SettingsModule } from './settings/settings.module';
import { SquareModule } from './square/square.module';
import { CatalogueModule } from './catalogue/catalogue.module';
import { EventsModule } from './events/events.module';
import { SeedModule } from './seed/seed.module';
import { AuthModule } from './auth/auth.module';
import { BackOfficeModule } from './back-office/back-office.module';
import { ContactModule } from './contact/contact.module';
import { MailModule } from './mail/mail.module';
import { JobsModule } from './jobs/jobs.module';
import { ImagesModule } from './images/images.module';
import { BackupModule } from './backup/backup.module';
import { BookingsModule } from './bookings/bookings.module';
import { LiveModule } from './live/live.module';
import { PushModule } from './live/push.module';
import { PublicAnswersModule } from './common/public-answers.module';
import { CspReportsModule } from './csp-reports/csp-reports.module';
import { DiscountsModule } from './discounts/discounts.module';
import { LegalModule } from './legal/legal.module';

/** One module per domain (see docs/architecture.md); each registers its own entities and routes. */
const domainModules = [
  HealthModule,
  JobsModule,
  MailModule,
  AuthModule,
  ContactModule,
  CatalogueModule,
  EventsModule,
  SeedModule,
  SettingsModule,
  SquareModule,
  OrdersModule,
  ImagesModule,
  BackupModule,
  BookingsModule,
  LiveModule,
  PushModule,
  BackOfficeModule,
  CspReportsModule,
  DiscountsModule,
  LegalModule,
];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ConfigModule.forRoot(config), DatabaseModule, PublicAnswersModule, ...domainModules],
    };
  }
}
