import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SquareModule } from '../square/square.module';
import { CartController } from './cart.controller';
import { CheckoutController } from './checkout.controller';
import { CheckoutService } from './checkout.service';
import { OrderEvent } from './order-event.entity';
import { OrderItem } from './order-item.entity';
import { OrderSettlementService } from './order-settlement.service';
import { Order } from './order.entity';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';
import { PaymentReconciler } from './payment-reconciler.service';
import { SquareWebhookController } from './square-webhook.controller';
import { SquareWebhookService } from './square-webhook.service';

/** Checkout, orders, payment settlement (reconciler and Square webhooks) and the cart acknowledgement. */
@Module({
  imports: [TypeOrmModule.forFeature([Order, OrderItem, OrderEvent]), SquareModule],
  controllers: [CheckoutController, OrdersController, CartController, SquareWebhookController],
  providers: [CheckoutService, OrdersService, OrderSettlementService, PaymentReconciler, SquareWebhookService],
  exports: [PaymentReconciler],
})
export class OrdersModule {}
