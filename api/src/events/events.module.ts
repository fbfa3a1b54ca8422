import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { GeocodingModule } from '../geocoding/geocoding.module';
import { SettingsModule } from '../settings/settings.module';
import { CalendarEntity } from './calendar.entity';
import { CalendarController } from './calendar.controller';
import { CalendarService } from './calendar.service';
import { EventInquiryEntity } from './event-inquiry.entity';
import { EventInquiriesService } from './event-inquiries.service';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';
import { OrderAheadController } from './order-ahead.controller';
import { PickupSettingsService } from './pickup-settings.service';
import { PickupSlotClaim } from './pickup-slot-claim.entity';
import { PickupSlotsService } from './pickup-slots.service';
import { ScheduledLocation } from './scheduled-location.entity';

/** Scheduled locations (events) of the Live Cocoa Tracker, calendar feeds, booking inquiries and the stops' pickup times. */
@Module({
  imports: [
    TypeOrmModule.forFeature([ScheduledLocation, CalendarEntity, EventInquiryEntity, PickupSlotClaim]),
    CatalogueModule,
    GeocodingModule,
    SettingsModule,
  ],
  // The calendar controller first: its fixed paths must not be read as /events/:id.
  controllers: [CalendarController, EventsController, OrderAheadController],
  providers: [EventsService, CalendarService, EventInquiriesService, PickupSettingsService, PickupSlotsService],
  exports: [EventsService, EventInquiriesService, PickupSlotsService, PickupSettingsService],
})
export class EventsModule {}
