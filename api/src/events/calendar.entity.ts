import { Column, Entity, PrimaryColumn } from 'typeorm';
import { Bool, Text, Timestamptz, Varchar } from '../common/typed-columns';
import { CreatedColumns } from '../database/row.columns';

/** An iCalendar (ICS) feed whose events are merged into scheduled locations. */
@Entity('calendars')
export class CalendarEntity extends CreatedColumns {
  /** The feed URL. */
  @PrimaryColumn({ type: 'varchar', length: 2000 }) id: string;
  @Varchar(200) name: string;
  @Column({ name: 'is_primary', type: 'boolean', default: false }) primary: boolean;
  @Bool({ default: true }) active: boolean;
  @Timestamptz({ nullable: true }) lastSyncedAt: Date | null;
  @Text({ nullable: true }) lastError: string | null;
}
