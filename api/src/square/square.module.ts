import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { SquareController } from './square.controller';
import { SquareGateway } from './square.gateway';
import { SquareService } from './square.service';

/** The Square client, web-payments config; the admin issue adds OAuth and catalogue sync here. */
@Module({
  imports: [SettingsModule],
  controllers: [SquareController],
  providers: [SquareGateway, SquareService],
  exports: [SquareGateway],
})
export class SquareModule {}
