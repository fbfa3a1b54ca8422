import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';
import { ScheduledLocation } from './scheduled-location.entity';

/** Scheduled locations (events) of the Live Cocoa Tracker. */
@Module({
  imports: [TypeOrmModule.forFeature([ScheduledLocation])],
  controllers: [EventsController],
  providers: [EventsService],
  exports: [EventsService],
})
export class EventsModule {}
