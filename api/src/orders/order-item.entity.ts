import type { ChosenOption } from '@cocoa/shared-types';
import { Int, Jsonb, Uuid, Varchar } from '../common/typed-columns';
import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Order } from './order.entity';

/** One line of an order: name and unit price are copied from the product when the order is placed. */
@Entity('order_items')
export class OrderItem {
  @PrimaryGeneratedColumn() id: number;
  @Uuid() orderId: string;

  @ManyToOne(() => Order, (order) => order.items, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order: Order;

  @Int({ nullable: true }) productId: number | null;
  @Varchar(100, { nullable: true }) variationId: string | null;

  /** The product's name, with the options chosen: "Hot Cocoa (Large, Oat milk)". */
  @Varchar(300) name: string;

  /** The options chosen, each with its price change (already in unitPriceCents); null for none. */
  @Jsonb({ nullable: true }) options: ChosenOption[] | null;
  @Int() unitPriceCents: number;
  @Int() quantity: number;
  @Int() totalCents: number;
  @Column({ type: 'smallint' }) position: number;
}
