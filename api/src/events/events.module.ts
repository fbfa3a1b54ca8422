import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { GeocodingModule } from '../geocoding/geocoding.module';
import { SettingsModule } from '../settings/settings.module';
import { CalendarEntity } from './calendar.entity';
import { CalendarController } from './calendar.controller';
import { CalendarService } from './calendar.service';
import { EventInquiryEntity } from './event-inquiry.entity';
import { EventInquiriesService } from './event-inquiries.service';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';
import { ScheduledLocation } from './scheduled-location.entity';

/** Scheduled locations (events) of the Live Cocoa Tracker, calendar feeds and booking inquiries. */
@Module({
  imports: [TypeOrmModule.forFeature([ScheduledLocation, CalendarEntity, EventInquiryEntity]), GeocodingModule, SettingsModule],
  // The calendar controller first: its fixed paths must not be read as /events/:id.
  controllers: [CalendarController, EventsController],
  providers: [EventsService, CalendarService, EventInquiriesService],
  exports: [EventsService, EventInquiriesService],
})
export class EventsModule {}
