import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Setting } from './setting.entity';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';
import { ShopIdentityController } from './shop-identity.controller';
import { ShopIdentityService } from './shop-identity.service';
import { ShopTimeZoneService } from './shop-time-zone.service';

@Module({
  imports: [TypeOrmModule.forFeature([Setting])],
  controllers: [SettingsController, ShopIdentityController],
  providers: [SettingsService, ShopTimeZoneService, ShopIdentityService],
  exports: [SettingsService, ShopTimeZoneService, ShopIdentityService],
})
export class SettingsModule {}
