import type { BookingState, BookingTrackerChoice } from '@cocoa/shared-types';
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
  @Column({ type: 'varchar', length: 9, unique: true })
  reference: string;

  /** Part of what the status link's token signs; a new nonce would void every link sent so far. */
  @Column({ type: 'varchar', length: 32 })
  tokenNonce: string;

  @Column({ type: 'varchar', length: 20 })
  state: BookingState;

  @Column({ type: 'integer' })
  packageId: number;

  @Column({ type: 'varchar', length: 100 })
  packageName: string;

  /** The event's day in the shop's zone. */
  @Column({ type: 'date' })
  eventDate: string;

  @Column({ type: 'varchar', length: 5 })
  startTime: string;

  @Column({ type: 'varchar', length: 5 })
  endTime: string;

  @Column({ type: 'integer' })
  guests: number;

  @Column({ type: 'varchar', length: 200 })
  venueName: string;

  @Column({ type: 'varchar', length: 300 })
  venueAddress: string;

  @Column({ type: 'varchar', length: 100 })
  contactName: string;

  @Column({ type: 'varchar', length: 254 })
  contactEmail: string;

  @Column({ type: 'varchar', length: 40 })
  contactPhone: string;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  /** The signed-in customer who asked; null for a guest. */
  @Column({ type: 'integer', nullable: true })
  userId: number | null;

  @Column({ type: 'integer' })
  quoteCents: number;

  @Column({ type: 'integer' })
  depositPercent: number;

  @Column({ type: 'integer' })
  depositCents: number;

  @Column({ type: 'integer' })
  balanceCents: number;

  @Column({ type: 'integer', default: 0 })
  depositPaidCents: number;

  @Column({ type: 'integer', default: 0 })
  balancePaidCents: number;

  @Column({ type: 'integer', default: 0 })
  refundedCents: number;

  /** Set when the owner accepts: the event's day less the balance-due days then in force. */
  @Column({ type: 'date', nullable: true })
  balanceDueDate: string | null;

  /** The owner's latest words to the customer (quote note, decline or cancellation message). */
  @Column({ type: 'text', nullable: true })
  ownerMessage: string | null;

  /** Whether it shows on the tracker once confirmed (the owner's choice). */
  @Column({ type: 'varchar', length: 10, default: 'none' })
  tracker: BookingTrackerChoice;

  /** Its stop on the schedule (scheduled_locations.id) while it shows there. */
  @Column({ type: 'integer', nullable: true })
  stopId: number | null;

  /** The request's idempotency key, when it came with one: the same key again answers this booking. */
  @Column({ type: 'varchar', length: 64, nullable: true, unique: true })
  idempotencyKey: string | null;

  /** The owner's inbox marks of the request (like contact messages and inquiries). */
  @Column(() => InboxMarkColumns, { prefix: false })
  inbox: InboxMarkColumns;
}
