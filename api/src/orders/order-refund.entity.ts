import type { RefundLine, RefundStatus } from '@cocoa/shared-types';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedColumns } from '../database/row.columns';

/**
 * A refund the owner made (a cancel's or a refund's). Its id is also the idempotency key Square
 * gets, so asking again after a lost answer finds the same refund at Square instead of a second
 * one. Committed as PENDING before Square is asked, settled after (OrderRefundsService); Square's
 * refund.updated webhooks keep its status current. A test-mode order's refund is COMPLETED at once.
 */
@Entity('order_refunds')
export class OrderRefund extends CreatedColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  orderId: string;

  @Column({ type: 'integer' })
  amountCents: number;

  @Column({ type: 'varchar', length: 192, nullable: true })
  reason: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  squareRefundId: string | null;

  @Column({ type: 'varchar', length: 20 })
  status: RefundStatus;

  /** The refunded lines ({ itemId, quantity }), for a refund by line; null for an amount. */
  @Column({ type: 'jsonb', nullable: true })
  lines: RefundLine[] | null;

  /** Whether the refunded lines went back into stock. */
  @Column({ type: 'boolean', default: false })
  restocked: boolean;

  /** 'admin:<username>' */
  @Column({ type: 'varchar', length: 120 })
  createdBy: string;
}
