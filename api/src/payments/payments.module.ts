import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { SquareModule } from '../square/square.module';
import { PaymentKindDiscovery } from './payment-kinds.service';
import { PaymentReconciler } from './payment-reconciler.service';
import { PaymentsService } from './payments.service';
import { SquareWebhookController } from './square-webhook.controller';
import { SquareWebhookService } from './square-webhook.service';

/**
 * Card payments for every kind that takes them (PaymentsService), Square's webhooks and the one
 * reconciler of stale payments (PaymentReconciler). Below the domains: orders and bookings import
 * it and mark their kind with `@PaymentKindProvider()`; it imports none of them.
 */
@Module({
  imports: [SquareModule, DiscoveryModule],
  controllers: [SquareWebhookController],
  providers: [PaymentsService, PaymentKindDiscovery, PaymentReconciler, SquareWebhookService],
  exports: [PaymentsService],
})
export class PaymentsModule {}
