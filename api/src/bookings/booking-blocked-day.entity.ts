import { Entity, PrimaryColumn } from 'typeorm';
import { Varchar } from '../common/typed-columns';
import { CreatedColumns } from '../database/row.columns';

/** A day the owner does not take bookings (their own holiday, a market they serve). */
@Entity('booking_blocked_days')
export class BookingBlockedDayEntity extends CreatedColumns {
  /** 'YYYY-MM-DD' in the shop's zone. */
  @PrimaryColumn({ type: 'date' }) day: string;
  @Varchar(200, { nullable: true }) note: string | null;

  /** 'admin:<username>' */
  @Varchar(120) createdBy: string;
}
