import { Column, Entity } from 'typeorm';
import { Bool, Text, Timestamptz, Varchar } from '../common/typed-columns';
import { PlaceColumns } from '../database/place.columns';
import { EditedRow } from '../database/row.columns';

/** An event where cocoa is served (Live Cocoa Tracker). */
@Entity('scheduled_locations')
export class ScheduledLocation extends EditedRow {
  @Varchar(200) title: string;
  @Text({ nullable: true }) description: string | null;

  /** The place's name. */
  @Varchar(200, { nullable: true }) location: string | null;

  /** The place's address and its position (found by geocoding when not given). */
  @Column(() => PlaceColumns, { prefix: false }) place: PlaceColumns;

  /** The day, as noon of the chosen day in the shop's zone. */
  @Timestamptz() date: Date;

  /** 'HH:MM' 24-hour, wall clock in the shop's zone; null for an all-day stop (shown as TBD). */
  @Varchar(5, { nullable: true }) startTime: string | null;
  @Varchar(5, { nullable: true }) endTime: string | null;

  /**
   * The occurrence's key within its feed: `${UID}#${RECURRENCE-ID}` for an occurrence of a series,
   * the UID alone for a single event. Unique per feed (calendar_id, source_uid), not across feeds.
   */
  @Varchar(1000, { nullable: true }) sourceUid: string | null;

  /** The feed (calendars.id) it was imported from; null for events the admin entered. */
  @Varchar(2000, { nullable: true }) calendarId: string | null;

  /** The booking ('CB-7K3Q') this stop shows on the schedule; null for other stops. Kept in step by the booking. */
  @Varchar(9, { nullable: true }) bookingReference: string | null;

  /** Whether customers may order ahead for pickup here (docs/order-ahead.md); the owner's switch, off by default. */
  @Bool({ default: false }) takesOrders: boolean;
}
