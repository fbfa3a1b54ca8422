import { Module } from '@nestjs/common';
import { SquareModule } from '../square/square.module';
import { PaymentsService } from './payments.service';
import { SquareWebhookController } from './square-webhook.controller';
import { SquareWebhookService } from './square-webhook.service';

/**
 * Card payments for every kind that takes them (PaymentsService) and Square's webhooks. Below the
 * domains: orders and bookings import it and declare themselves to it; it imports none of them.
 */
@Module({
  imports: [SquareModule],
  controllers: [SquareWebhookController],
  providers: [PaymentsService, SquareWebhookService],
  exports: [PaymentsService],
})
export class PaymentsModule {}
