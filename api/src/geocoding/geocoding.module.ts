import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SettingsModule } from '../settings/settings.module';
import { GeocodeCacheEntry } from './geocode-cache.entity';
import { GeocodingController } from './geocoding.controller';
import { GeocodingService } from './geocoding.service';

/** Address → coordinates (Nominatim or Google), cached in the database. */
@Module({
  imports: [TypeOrmModule.forFeature([GeocodeCacheEntry]), SettingsModule],
  controllers: [GeocodingController],
  providers: [GeocodingService],
  exports: [GeocodingService],
})
export class GeocodingModule {}
