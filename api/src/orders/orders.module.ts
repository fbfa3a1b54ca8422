import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { DiscountsModule } from '../discounts/discounts.module';
import { EventsModule } from '../events/events.module';
import { SettingsModule } from '../settings/settings.module';
import { PaymentsModule } from '../payments/payments.module';
import { SquareModule } from '../square/square.module';
import { AdminOrdersController } from './admin-orders.controller';
import { AdminOrdersService } from './admin-orders.service';
import { CartController } from './cart.controller';
import { CheckoutController } from './checkout.controller';
import { CheckoutService } from './checkout.service';
import { DiscountCheckController } from './discount-check.controller';
import { MoneySettingsController } from './money-settings.controller';
import { MoneySettingsService } from './money-settings.service';
import { OrderEvent } from './order-event.entity';
import { OrderFiguresService } from './order-figures.service';
import { OrderFulfilmentService } from './order-fulfilment.service';
import { OrderItem } from './order-item.entity';
import { OrderMailService } from './order-mail.service';
import { OrderRefund } from './order-refund.entity';
import { OrderRefundsService } from './order-refunds.service';
import { OrderSettlementService } from './order-settlement.service';
import { Order } from './order.entity';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';
import { PickupMenuController } from './pickup-menu.controller';
import { PickupOrdersController } from './pickup-orders.controller';
import { PickupOrdersService } from './pickup-orders.service';
import { StopPickupService } from './stop-pickup.service';
import { LinksModule } from '../links/links.module';
import { LiveModule } from '../live/live.module';
import { PushModule } from '../live/push.module';
import { StateMachineModule } from '../state-machine/state-machine.module';

/**
 * Checkout, orders, their payment settlement (the kind 'order' of PaymentsService, settled by its
 * reconciler too), the owner's Orders tab (fulfilment, refunds, cancel), order links and the cart
 * acknowledgement.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Order, OrderItem, OrderEvent, OrderRefund]),
    PaymentsModule,
    SquareModule,
    CatalogueModule,
    EventsModule,
    SettingsModule,
    StateMachineModule,
    LinksModule,
    PushModule,
    LiveModule,
    DiscountsModule,
  ],
  controllers: [
    CheckoutController,
    DiscountCheckController,
    OrdersController,
    CartController,
    AdminOrdersController,
    PickupOrdersController,
    PickupMenuController,
    MoneySettingsController,
  ],
  providers: [
    CheckoutService,
    OrdersService,
    OrderSettlementService,
    OrderFiguresService,
    AdminOrdersService,
    OrderFulfilmentService,
    OrderRefundsService,
    OrderMailService,
    PickupOrdersService,
    StopPickupService,
    MoneySettingsService,
  ],
  // The back office's summary reads the order figures through OrderFiguresService; the stop's
  // first screen (api/src/first-screen-data.ts) reads a stop's answer through StopPickupService.
  exports: [OrderFiguresService, StopPickupService],
})
export class OrdersModule {}
