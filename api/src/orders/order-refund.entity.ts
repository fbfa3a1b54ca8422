import type { RefundLine, RefundStatus } from '@cocoa/shared-types';
import { Bool, Int, Jsonb, Uuid, Varchar } from '../common/typed-columns';
import { Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedColumns } from '../database/row.columns';

/**
 * A refund the owner made (a cancel's or a refund's). Its id is also the idempotency key Square
 * gets, so asking again after a lost answer finds the same refund at Square instead of a second
 * one. Committed as PENDING before Square is asked, settled after (OrderRefundsService); Square's
 * refund.updated webhooks keep its status current. A test-mode order's refund is COMPLETED at once.
 */
@Entity('order_refunds')
export class OrderRefund extends CreatedColumns {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Uuid() orderId: string;
  @Int() amountCents: number;
  @Varchar(192, { nullable: true }) reason: string | null;
  @Varchar(100, { nullable: true }) squareRefundId: string | null;
  @Varchar(20) status: RefundStatus;

  /** The refunded lines ({ itemId, quantity }), for a refund by line; null for an amount. */
  @Jsonb({ nullable: true }) lines: RefundLine[] | null;

  /** Whether the refunded lines went back into stock. */
  @Bool({ default: false }) restocked: boolean;

  /** 'admin:<username>' */
  @Varchar(120) createdBy: string;
}
