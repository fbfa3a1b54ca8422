import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsModule } from '../events/events.module';
import { GeocodingModule } from '../geocoding/geocoding.module';
import { SettingsModule } from '../settings/settings.module';
import { LiveAdminController } from './live-admin.controller';
import { LiveEventEntity } from './live-event.entity';
import { LiveStateEntity } from './live-state.entity';
import { LiveStreamService } from './live-stream.service';
import { LiveController } from './live.controller';
import { LiveService } from './live.service';

/** The live tracker: the owner's check-in, its status and history, and the event stream visitors follow. */
@Module({
  imports: [TypeOrmModule.forFeature([LiveStateEntity, LiveEventEntity]), EventsModule, GeocodingModule, SettingsModule],
  controllers: [LiveController, LiveAdminController],
  providers: [LiveService, LiveStreamService],
  exports: [LiveService, LiveStreamService],
})
export class LiveModule {}
