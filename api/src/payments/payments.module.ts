import { Module } from '@nestjs/common';
import { SquareModule } from '../square/square.module';
import { PaymentReconciler } from './payment-reconciler.service';
import { PaymentsService } from './payments.service';
import { SquareWebhookController } from './square-webhook.controller';
import { SquareWebhookService } from './square-webhook.service';

/**
 * Card payments for every kind that takes them (PaymentsService), Square's webhooks and the one
 * reconciler of stale payments (PaymentReconciler). Below the domains: orders and bookings import
 * it and declare themselves to it; it imports none of them.
 */
@Module({
  imports: [SquareModule],
  controllers: [SquareWebhookController],
  providers: [PaymentsService, PaymentReconciler, SquareWebhookService],
  exports: [PaymentsService],
})
export class PaymentsModule {}
