import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BookingsModule } from '../bookings/bookings.module';
import { SettingsModule } from '../settings/settings.module';
import { LegalController } from './legal.controller';
import { LegalPageEntity } from './legal-page.entity';
import { LegalPagesService } from './legal-pages.service';

/**
 * The owner-editable legal pages: GET /api/legal-pages/:kind for everyone, the editor's routes under
 * /api/admin/legal-pages. LegalPagesService.reviewedAt() tells the go-live checklist whether the
 * owner has reviewed them.
 */
@Module({
  imports: [TypeOrmModule.forFeature([LegalPageEntity]), BookingsModule, SettingsModule],
  controllers: [LegalController],
  providers: [LegalPagesService],
  exports: [LegalPagesService],
})
export class LegalModule {}
