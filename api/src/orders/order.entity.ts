import { Column, Entity, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import { Bool, Int, Timestamptz, Varchar } from '../common/typed-columns';
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
  @PrimaryGeneratedColumn('uuid') id: string;
  @Varchar(64, { nullable: true }) idempotencyKey: string | null;
  @Int({ nullable: true }) userId: number | null;

  /** The shipping form's e-mail: a guest's order is tied to it. '' for a pickup order given a phone only (no mail is sent). */
  @Varchar(254) email: string;
  @Varchar(20) status: OrderStatus;
  @Bool() testMode: boolean;
  @Varchar(100, { nullable: true }) paymentId: string | null;
  @Varchar(100, { nullable: true }) squareOrderId: string | null;
  @Varchar(100, { nullable: true }) squareCustomerId: string | null;

  /** Square's status of the payment as last seen (COMPLETED, APPROVED, CANCELED, FAILED); null in test mode. */
  @Varchar(20, { nullable: true }) paymentStatus: string | null;

  /** Square's status of the latest refund of the payment (PENDING, COMPLETED, REJECTED, FAILED), from its webhooks. */
  @Varchar(20, { nullable: true }) refundStatus: string | null;

  /** The sum of the completed refunds Square reported. */
  @Int({ default: 0 }) refundedCents: number;
  @Column({ type: 'char', length: 3, default: 'USD' }) currency: string;
  @Int() subtotalCents: number;
  @Int() shippingCents: number;
  @Int() taxCents: number;
  @Int() totalCents: number;

  /** The discount code the order took a use of (upper-cased), and what it took off the subtotal. */
  @Varchar(32, { nullable: true }) discountCode: string | null;
  @Int({ default: 0 }) discountCents: number;

  /** How the order reaches its buyer: shipped (the address below), or picked up at a stop (the pickup fields). */
  @Varchar(10, { default: 'shipping' }) fulfilmentMethod: FulfilmentMethod;

  /** The buyer's tip (pickup orders), part of totalCents; Square takes it as the payment's tip_money. */
  @Int({ default: 0 }) tipCents: number;

  /** The shipping address; null on a pickup order. */
  @Varchar(100, { nullable: true }) shippingFirstName: string | null;
  @Varchar(100, { nullable: true }) shippingLastName: string | null;
  @Varchar(30, { nullable: true }) shippingPhone: string | null;
  @Varchar(200, { nullable: true }) shippingAddress: string | null;
  @Varchar(100, { nullable: true }) shippingCity: string | null;
  @Varchar(50, { nullable: true }) shippingState: string | null;
  @Varchar(20, { nullable: true }) shippingZip: string | null;
  @Varchar(2, { nullable: true }) shippingCountry: string | null;

  /** Where the parcel is (shared-types/src/fulfilment.ts): 'paid' once COMPLETED, null before. */
  @Varchar(20, { nullable: true }) fulfilmentStatus: FulfilmentStatus | null;

  /** USPS, UPS, FedEx, DHL or Other, once shipped. */
  @Varchar(20, { nullable: true }) carrier: string | null;
  @Varchar(40, { nullable: true }) trackingNumber: string | null;

  /** The tracking link the owner gave for the carrier Other; the common carriers' links are derived. */
  @Varchar(500, { nullable: true }) trackingUrl: string | null;
  @Timestamptz({ nullable: true }) shippedAt: Date | null;
  @Timestamptz({ nullable: true }) deliveredAt: Date | null;

  /** A pickup order's stop (scheduled_locations.id). */
  @Int({ nullable: true }) pickupStopId: number | null;

  /** The slot the order holds a place in (pickup_slot_claims); the time to come adds pickupDelayMinutes. */
  @Timestamptz({ nullable: true }) pickupSlotStart: Date | null;

  /** Minutes the owner delayed the order, in all. */
  @Int({ default: 0 }) pickupDelayMinutes: number;

  /** The code said at the cart: unique among the stop's orders (shared-types pickup.ts). */
  @Varchar(4, { nullable: true }) pickupCode: string | null;

  /** Where a pickup order is (pickup-states.ts): null until paid. */
  @Varchar(20, { nullable: true }) pickupStatus: PickupStatus | null;

  /** The name called out at the cart. */
  @Varchar(60, { nullable: true }) pickupName: string | null;

  /** The buyer's phone for the owner to call, E.164 (a pickup order needs this or an e-mail). */
  @Varchar(40, { nullable: true }) pickupPhone: string | null;
  @OneToMany(() => OrderItem, (item) => item.order) items: OrderItem[];
}
