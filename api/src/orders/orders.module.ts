import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SquareModule } from '../square/square.module';
import { CartController } from './cart.controller';
import { CheckoutController } from './checkout.controller';
import { CheckoutService } from './checkout.service';
import { OrderItem } from './order-item.entity';
import { Order } from './order.entity';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';

/** Checkout, orders and the cart acknowledgement. */
@Module({
  imports: [TypeOrmModule.forFeature([Order, OrderItem]), SquareModule],
  controllers: [CheckoutController, OrdersController, CartController],
  providers: [CheckoutService, OrdersService],
})
export class OrdersModule {}
