import { Column, Entity, PrimaryColumn } from 'typeorm';
import { CreatedColumns } from '../database/row.columns';

/** A day the owner does not take bookings (their own holiday, a market they serve). */
@Entity('booking_blocked_days')
export class BookingBlockedDayEntity extends CreatedColumns {
  /** 'YYYY-MM-DD' in the shop's zone. */
  @PrimaryColumn({ type: 'date' })
  day: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  note: string | null;

  /** 'admin:<username>' */
  @Column({ type: 'varchar', length: 120 })
  createdBy: string;
}
