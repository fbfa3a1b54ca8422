import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { SettingsModule } from '../settings/settings.module';
import { SquareAuthController } from './square-auth.controller';
import { SquareAuthService } from './square-auth.service';
import { SquareCatalogSyncService } from './square-catalog-sync.service';
import { SquareInventoryService } from './square-inventory.service';
import { SquareController } from './square.controller';
import { SquareGateway } from './square.gateway';
import { SquareService } from './square.service';

/** The Square client, web-payments config, the OAuth connection, the catalogue sync and one stock with Square's inventory. */
@Module({
  imports: [SettingsModule, CatalogueModule],
  controllers: [SquareController, SquareAuthController],
  providers: [SquareAuthService, SquareGateway, SquareService, SquareCatalogSyncService, SquareInventoryService],
  exports: [SquareGateway, SquareInventoryService],
})
export class SquareModule {}
