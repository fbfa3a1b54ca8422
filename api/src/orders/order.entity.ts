import { Column, Entity, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import { EditedColumns } from '../database/row.columns';
import type { FulfilmentStatus, OrderState, PickupStatus } from '@cocoa/shared-types';
import { OrderItem } from './order-item.entity';

/**
 * PENDING: committed before Square is asked, settled after (see order-states.ts); never shown to
 * the buyer. A payment that fails removes the pending order.
 */
export type OrderStatus = OrderState | 'PENDING';

export type FulfilmentMethod = 'shipping' | 'pickup';

/** A placed order; money in integer cents, the shipping address and line prices as snapshots. */
@Entity('orders')
export class Order extends EditedColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  idempotencyKey: string | null;

  @Column({ type: 'integer', nullable: true })
  userId: number | null;

  /** The shipping form's e-mail: a guest's order is tied to it. '' for a pickup order given a phone only (no mail is sent). */
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

  /** The discount code the order took a use of (upper-cased), and what it took off the subtotal. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  discountCode: string | null;

  @Column({ type: 'integer', default: 0 })
  discountCents: number;

  /** How the order reaches its buyer: shipped (the address below), or picked up at a stop (the pickup fields). */
  @Column({ type: 'varchar', length: 10, default: 'shipping' })
  fulfilmentMethod: FulfilmentMethod;

  /** The buyer's tip (pickup orders), part of totalCents; Square takes it as the payment's tip_money. */
  @Column({ type: 'integer', default: 0 })
  tipCents: number;

  /** The shipping address; null on a pickup order. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  shippingFirstName: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  shippingLastName: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  shippingPhone: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  shippingAddress: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  shippingCity: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  shippingState: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  shippingZip: string | null;

  @Column({ type: 'varchar', length: 2, nullable: true })
  shippingCountry: string | null;

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

  /** A pickup order's stop (scheduled_locations.id). */
  @Column({ type: 'integer', nullable: true })
  pickupStopId: number | null;

  /** The slot the order holds a place in (pickup_slot_claims); the time to come adds pickupDelayMinutes. */
  @Column({ type: 'timestamptz', nullable: true })
  pickupSlotStart: Date | null;

  /** Minutes the owner delayed the order, in all. */
  @Column({ type: 'integer', default: 0 })
  pickupDelayMinutes: number;

  /** The code said at the cart: unique among the stop's orders (shared-types pickup.ts). */
  @Column({ type: 'varchar', length: 4, nullable: true })
  pickupCode: string | null;

  /** Where a pickup order is (pickup-states.ts): null until paid. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  pickupStatus: PickupStatus | null;

  /** The name called out at the cart. */
  @Column({ type: 'varchar', length: 60, nullable: true })
  pickupName: string | null;

  /** The buyer's phone for the owner to call, E.164 (a pickup order needs this or an e-mail). */
  @Column({ type: 'varchar', length: 40, nullable: true })
  pickupPhone: string | null;

  @OneToMany(() => OrderItem, (item) => item.order)
  items: OrderItem[];
}
