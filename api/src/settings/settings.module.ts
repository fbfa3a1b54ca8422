import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Setting } from './setting.entity';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';
import { ShopTimeZoneService } from './shop-time-zone.service';

@Module({
  imports: [TypeOrmModule.forFeature([Setting])],
  controllers: [SettingsController],
  providers: [SettingsService, ShopTimeZoneService],
  exports: [SettingsService, ShopTimeZoneService],
})
export class SettingsModule {}
