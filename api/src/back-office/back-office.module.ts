import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BookingsModule } from '../bookings/bookings.module';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { ContactModule } from '../contact/contact.module';
import { EventsModule } from '../events/events.module';
import { OrdersModule } from '../orders/orders.module';
import { SettingsModule } from '../settings/settings.module';
import { InboxReplyEntity } from './inbox-reply.entity';
import { InboxController } from './inbox.controller';
import { InboxService } from './inbox.service';
import { SummaryController } from './summary.controller';
import { SummaryService } from './summary.service';

/**
 * The owner's views that join several domains: the week at a glance (/api/admin/summary) and the
 * inbox (/api/admin/inbox). It stands above the domain modules and reads only what their services
 * export; no domain module imports it. The inbox's replies (inbox_replies) are its own table.
 */
@Module({
  imports: [TypeOrmModule.forFeature([InboxReplyEntity]), OrdersModule, ContactModule, EventsModule, BookingsModule, CatalogueModule, SettingsModule],
  controllers: [SummaryController, InboxController],
  providers: [SummaryService, InboxService],
})
export class BackOfficeModule {}
