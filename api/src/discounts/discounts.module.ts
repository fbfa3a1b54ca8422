import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { AdminDiscountsController } from './admin-discounts.controller';
import { DiscountsService } from './discounts.service';

/**
 * Discount codes (docs/admin.md "Discounts"): the owner's list and form at /api/admin/discounts,
 * and DiscountsService, through which the checkout checks a code and takes its use with the order.
 */
@Module({
  imports: [SettingsModule],
  controllers: [AdminDiscountsController],
  providers: [DiscountsService],
  exports: [DiscountsService],
})
export class DiscountsModule {}
