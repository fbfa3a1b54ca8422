import type { BookingState } from '@cocoa/shared-types';
import { Int, Varchar } from '../common/typed-columns';
import { Entity } from 'typeorm';
import { AuditRow } from '../database/row.columns';

/**
 * The booking's thread: one row per move (from/to states), payment, refund or failure, written in
 * the same transaction as what it records. `actor`: 'customer', 'system' or 'admin:<username>'.
 * `type`: requested, accepted, declined, deposit-paid, balance-due, balance-paid, completed,
 * cancelled, refunded, refund-failed, payment-failed.
 */
@Entity('booking_events')
export class BookingEventEntity extends AuditRow {
  @Int() bookingId: number;
  @Varchar(120) actor: string;
  @Varchar(20, { nullable: true }) fromState: BookingState | null;
  @Varchar(20, { nullable: true }) toState: BookingState | null;
}
