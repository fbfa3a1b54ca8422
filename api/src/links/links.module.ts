import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { SignedLinksService } from './signed-links.service';

/** The links that open an order or a booking without an account, one rule for every kind (signed-links.service.ts). */
@Module({
  imports: [SettingsModule],
  providers: [SignedLinksService],
  exports: [SignedLinksService],
})
export class LinksModule {}
