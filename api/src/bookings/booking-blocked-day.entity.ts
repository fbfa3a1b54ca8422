import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A day the owner does not take bookings (their own holiday, a market they serve). */
@Entity('booking_blocked_days')
export class BookingBlockedDayEntity {
  /** 'YYYY-MM-DD' in the shop's zone. */
  @PrimaryColumn({ type: 'date' })
  day: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  note: string | null;

  /** 'admin:<username>' */
  @Column({ type: 'varchar', length: 120 })
  createdBy: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
