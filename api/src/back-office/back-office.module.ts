import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { BackupModule } from '../backup/backup.module';
import { BookingsModule } from '../bookings/bookings.module';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { ContactModule } from '../contact/contact.module';
import { EventsModule } from '../events/events.module';
import { LinksModule } from '../links/links.module';
import { OrdersModule } from '../orders/orders.module';
import { SettingsModule } from '../settings/settings.module';
import { SquareModule } from '../square/square.module';
import { GoLiveController } from './go-live.controller';
import { GoLiveService } from './go-live.service';
import { InboxReplyEntity } from './inbox-reply.entity';
import { InboxController } from './inbox.controller';
import { InboxService } from './inbox.service';
import { SummaryController } from './summary.controller';
import { SummaryService } from './summary.service';

/**
 * The owner's views that join several domains: the week at a glance (/api/admin/summary), the
 * inbox (/api/admin/inbox) and the go-live checklist (/api/admin/go-live). It stands above the domain modules and reads only what their services
 * export; no domain module imports it. The inbox's replies (inbox_replies) are its own table.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([InboxReplyEntity]),
    OrdersModule,
    ContactModule,
    EventsModule,
    BookingsModule,
    CatalogueModule,
    SettingsModule,
    AuthModule,
    BackupModule,
    SquareModule,
    LinksModule,
  ],
  controllers: [SummaryController, InboxController, GoLiveController],
  providers: [SummaryService, InboxService, GoLiveService],
})
export class BackOfficeModule {}
