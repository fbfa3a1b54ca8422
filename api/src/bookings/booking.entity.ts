import type { BookingState, BookingTrackerChoice } from '@cocoa/shared-types';
import { Int, Text, Varchar } from '../common/typed-columns';
import { Column, Entity } from 'typeorm';
import { EditedRow } from '../database/row.columns';
import { InboxMarkColumns } from '../database/inbox-marks.columns';

/**
 * One event booking. `state` moves only through BOOKING_MOVES (shared-types/booking.ts), each move
 * in one transaction with its booking_events row (BookingMovesService). The day and times are the
 * shop's wall clock ('YYYY-MM-DD' as a PostgreSQL date, read back as text; 'HH:MM'). The package's
 * name and deposit percentage are copied at request time, so a later edit of the package changes
 * no booking already made. Money in cents: the quote splits into deposit and balance; the paid and
 * refunded amounts are kept beside them (their payments are booking_payments rows).
 */
@Entity('bookings')
export class BookingEntity extends EditedRow {
  /** 'CB-7K3Q': unique, what people read and type. */
  @Varchar(9, { unique: true }) reference: string;

  /** Part of what the status link's token signs; a new nonce would void every link sent so far. */
  @Varchar(32) tokenNonce: string;
  @Varchar(20) state: BookingState;
  @Int() packageId: number;
  @Varchar(100) packageName: string;

  /** The event's day in the shop's zone. */
  @Column({ type: 'date' }) eventDate: string;
  @Varchar(5) startTime: string;
  @Varchar(5) endTime: string;
  @Int() guests: number;
  @Varchar(200) venueName: string;
  @Varchar(300) venueAddress: string;
  @Varchar(100) contactName: string;
  @Varchar(254) contactEmail: string;
  @Varchar(40) contactPhone: string;
  @Text({ nullable: true }) notes: string | null;

  /** The signed-in customer who asked; null for a guest. */
  @Int({ nullable: true }) userId: number | null;
  @Int() quoteCents: number;
  @Int() depositPercent: number;
  @Int() depositCents: number;
  @Int() balanceCents: number;
  @Int({ default: 0 }) depositPaidCents: number;
  @Int({ default: 0 }) balancePaidCents: number;
  @Int({ default: 0 }) refundedCents: number;

  /** Set when the owner accepts: the event's day less the balance-due days then in force. */
  @Column({ type: 'date', nullable: true }) balanceDueDate: string | null;

  /** The owner's latest words to the customer (quote note, decline or cancellation message). */
  @Text({ nullable: true }) ownerMessage: string | null;

  /** Whether it shows on the tracker once confirmed (the owner's choice). */
  @Varchar(10, { default: 'none' }) tracker: BookingTrackerChoice;

  /** Its stop on the schedule (scheduled_locations.id) while it shows there. */
  @Int({ nullable: true }) stopId: number | null;

  /** The request's idempotency key, when it came with one: the same key again answers this booking. */
  @Varchar(64, { nullable: true, unique: true }) idempotencyKey: string | null;

  /** The owner's inbox marks of the request (like contact messages and inquiries). */
  @Column(() => InboxMarkColumns, { prefix: false }) inbox: InboxMarkColumns;
}
