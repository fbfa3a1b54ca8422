import { Entity } from 'typeorm';
import { Bool, Int, Jsonb, Text, Varchar } from '../common/typed-columns';
import { EditedRow } from '../database/row.columns';

/** A package the owner offers for events (hot cocoa bar, iced and shake bar…); prices in cents. */
@Entity('booking_packages')
export class BookingPackageEntity extends EditedRow {
  @Varchar(100) name: string;
  @Text({ default: '' }) description: string;

  /** What is included, one line each. */
  @Jsonb({ default: [] }) included: string[];
  @Int() pricePerGuestCents: number;
  @Int() minimumCents: number;

  /** A whole percentage, 0-100. */
  @Int() depositPercent: number;
  @Int() durationMinutes: number;
  @Int() minGuests: number;
  @Int() maxGuests: number;

  /** Inactive packages are kept for the bookings that used them but offered to nobody. */
  @Bool({ default: true }) active: boolean;
}
