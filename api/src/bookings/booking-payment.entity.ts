import { Entity, PrimaryColumn } from 'typeorm';
import { Bool, Int, Timestamptz, Uuid, Varchar } from '../common/typed-columns';
import { CreatedColumns } from '../database/row.columns';

export type BookingPaymentRowKind = 'deposit' | 'balance' | 'refund';
export type BookingPaymentStatus = 'pending' | 'completed' | 'failed';

/**
 * Money in and out of a booking. A charge is committed as pending before Square (or the test card)
 * is asked and settled after, so no transaction is open while Square answers; a charge that fails
 * is removed (its attempt stays in booking_events) and may be tried again. At most one live
 * (pending or completed) deposit and one balance per booking: a unique partial index. A refund
 * row names the payment it gives back (`refundOf`); its idempotency key is the row id, a new one
 * when the owner tries a failed refund again.
 */
@Entity('booking_payments')
export class BookingPaymentEntity extends CreatedColumns {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Int() bookingId: number;
  @Varchar(10) kind: BookingPaymentRowKind;
  @Int() amountCents: number;
  @Varchar(10) status: BookingPaymentStatus;
  @Bool() testMode: boolean;

  /** The client's key for a charge; for a refund the row id, a new key for each retry. Unique. */
  @Varchar(64, { unique: true }) idempotencyKey: string;
  @Varchar(100, { nullable: true }) squarePaymentId: string | null;
  @Varchar(100, { nullable: true }) squareRefundId: string | null;

  /** Square's own status of the payment or refund when last heard (a refund starts PENDING there). */
  @Varchar(20, { nullable: true }) providerStatus: string | null;
  @Uuid({ nullable: true }) refundOf: string | null;
  @Varchar(500, { nullable: true }) error: string | null;
  @Timestamptz({ nullable: true }) settledAt: Date | null;
}
