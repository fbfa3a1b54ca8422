import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { FulfilmentStatus, OrderState } from '@cocoa/shared-types';
import { OrderItem } from './order-item.entity';

/**
 * PENDING: committed before Square is asked, settled after (see order-states.ts); never shown to
 * the buyer. A payment that fails removes the pending order.
 */
export type OrderStatus = OrderState | 'PENDING';

/** A placed order; money in integer cents, the shipping address and line prices as snapshots. */
@Entity('orders')
export class Order {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  idempotencyKey: string | null;

  @Column({ type: 'integer', nullable: true })
  userId: number | null;

  /** The shipping form's e-mail: a guest's order is tied to it. */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 20 })
  status: OrderStatus;

  @Column({ type: 'boolean' })
  testMode: boolean;

  @Column({ type: 'varchar', length: 100, nullable: true })
  paymentId: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  squareOrderId: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  squareCustomerId: string | null;

  /** Square's status of the payment as last seen (COMPLETED, APPROVED, CANCELED, FAILED); null in test mode. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  paymentStatus: string | null;

  /** Square's status of the latest refund of the payment (PENDING, COMPLETED, REJECTED, FAILED), from its webhooks. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  refundStatus: string | null;

  /** The sum of the completed refunds Square reported. */
  @Column({ type: 'integer', default: 0 })
  refundedCents: number;

  @Column({ type: 'char', length: 3, default: 'USD' })
  currency: string;

  @Column({ type: 'integer' })
  subtotalCents: number;

  @Column({ type: 'integer' })
  shippingCents: number;

  @Column({ type: 'integer' })
  taxCents: number;

  @Column({ type: 'integer' })
  totalCents: number;

  @Column({ type: 'varchar', length: 100 })
  shippingFirstName: string;

  @Column({ type: 'varchar', length: 100 })
  shippingLastName: string;

  @Column({ type: 'varchar', length: 30 })
  shippingPhone: string;

  @Column({ type: 'varchar', length: 200 })
  shippingAddress: string;

  @Column({ type: 'varchar', length: 100 })
  shippingCity: string;

  @Column({ type: 'varchar', length: 50 })
  shippingState: string;

  @Column({ type: 'varchar', length: 20 })
  shippingZip: string;

  @Column({ type: 'varchar', length: 2 })
  shippingCountry: string;

  /** Where the parcel is (shared-types/src/fulfilment.ts): 'paid' once COMPLETED, null before. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  fulfilmentStatus: FulfilmentStatus | null;

  /** USPS, UPS, FedEx, DHL or Other, once shipped. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  carrier: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  trackingNumber: string | null;

  /** The tracking link the owner gave for the carrier Other; the common carriers' links are derived. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  trackingUrl: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  shippedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  deliveredAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @OneToMany(() => OrderItem, (item) => item.order)
  items: OrderItem[];
}
