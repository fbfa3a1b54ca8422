import { Column, Entity } from 'typeorm';
import { EditedRow } from '../database/row.columns';

/** A package the owner offers for events (hot cocoa bar, iced and shake bar…); prices in cents. */
@Entity('booking_packages')
export class BookingPackageEntity extends EditedRow {
  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  /** What is included, one line each. */
  @Column({ type: 'jsonb', default: [] })
  included: string[];

  @Column({ type: 'integer' })
  pricePerGuestCents: number;

  @Column({ type: 'integer' })
  minimumCents: number;

  /** A whole percentage, 0-100. */
  @Column({ type: 'integer' })
  depositPercent: number;

  @Column({ type: 'integer' })
  durationMinutes: number;

  @Column({ type: 'integer' })
  minGuests: number;

  @Column({ type: 'integer' })
  maxGuests: number;

  /** Inactive packages are kept for the bookings that used them but offered to nobody. */
  @Column({ type: 'boolean', default: true })
  active: boolean;
}
