import type { BookingState } from '@cocoa/shared-types';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What an audit row's detail may hold: the words that came with a move, amounts, provider ids. */
export type BookingEventDetail = Record<string, string | number | boolean | null>;

/**
 * The booking's thread: one row per move (from/to states), payment, refund or failure, written in
 * the same transaction as what it records. `actor`: 'customer', 'system' or 'admin:<username>'.
 */
@Entity('booking_events')
export class BookingEventEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'integer' })
  bookingId: number;

  @Column({ type: 'varchar', length: 120 })
  actor: string;

  /** requested, accepted, declined, deposit-paid, balance-due, balance-paid, completed, cancelled, refunded, refund-failed, payment-failed */
  @Column({ type: 'varchar', length: 40 })
  type: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  fromState: BookingState | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  toState: BookingState | null;

  @Column({ type: 'jsonb', default: {} })
  detail: BookingEventDetail;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
