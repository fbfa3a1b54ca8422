import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { OrderStatus } from './order.entity';

/** Who moved the order: the checkout request, the reconciler, or a Square webhook. */
export type OrderEventSource = 'checkout' | 'reconciler' | 'webhook';

/** The audit row of one move of an order, written in the transaction of the move. */
@Entity('order_events')
export class OrderEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'uuid' })
  orderId: string;

  /** placed, paid, payment-approved, canceled, refund */
  @Column({ type: 'varchar', length: 40 })
  type: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  fromStatus: OrderStatus | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  toStatus: OrderStatus | null;

  @Column({ type: 'varchar', length: 20 })
  source: OrderEventSource;

  @Column({ type: 'jsonb', default: {} })
  detail: Record<string, string | number | boolean | null>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
