import type { ChosenOption } from '@cocoa/shared-types';
import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Order } from './order.entity';

/** One line of an order: name and unit price are copied from the product when the order is placed. */
@Entity('order_items')
export class OrderItem {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'uuid' })
  orderId: string;

  @ManyToOne(() => Order, (order) => order.items, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order: Order;

  @Column({ type: 'integer', nullable: true })
  productId: number | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  variationId: string | null;

  /** The product's name, with the options chosen: "Hot Cocoa (Large, Oat milk)". */
  @Column({ type: 'varchar', length: 300 })
  name: string;

  /** The options chosen, each with its price change (already in unitPriceCents); null for none. */
  @Column({ type: 'jsonb', nullable: true })
  options: ChosenOption[] | null;

  @Column({ type: 'integer' })
  unitPriceCents: number;

  @Column({ type: 'integer' })
  quantity: number;

  @Column({ type: 'integer' })
  totalCents: number;

  @Column({ type: 'smallint' })
  position: number;
}
