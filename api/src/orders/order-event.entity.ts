import { Entity } from 'typeorm';
import { Uuid, Varchar } from '../common/typed-columns';
import { AuditRow } from '../database/row.columns';
import type { FulfilmentStatus, PickupStatus } from '@cocoa/shared-types';
import type { OrderStatus } from './order.entity';

/** What moved the order: the checkout request, the reconciler, a Square webhook, or the owner. */
export type OrderEventSource = 'checkout' | 'reconciler' | 'webhook' | 'admin';

/**
 * The audit row of one move of an order, written in the transaction of the move. Payment moves
 * (placed, paid, payment-approved, canceled, refund) hold order states in from/to; fulfilment
 * moves (type 'fulfilment', 'cancelled') hold fulfilment states; refunds the owner makes
 * ('refund-requested', 'refunded', 'refund-failed') keep the fulfilment state in both. A pickup
 * order's moves (type 'pickup', 'cancelled', 'delayed') hold pickup states.
 */
@Entity('order_events')
export class OrderEvent extends AuditRow {
  @Uuid() orderId: string;
  @Varchar(20, { nullable: true }) fromStatus: OrderStatus | FulfilmentStatus | PickupStatus | null;
  @Varchar(20, { nullable: true }) toStatus: OrderStatus | FulfilmentStatus | PickupStatus | null;
  @Varchar(20) source: OrderEventSource;

  /** Who: 'admin:<username>' for the owner, else the source. Null only on rows restored from a backup older than the column. */
  @Varchar(120, { nullable: true }) actor: string | null;
}
