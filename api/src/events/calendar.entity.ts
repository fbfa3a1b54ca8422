import { Column, Entity, PrimaryColumn } from 'typeorm';
import { CreatedColumns } from '../database/row.columns';

/** An iCalendar (ICS) feed whose events are merged into scheduled locations. */
@Entity('calendars')
export class CalendarEntity extends CreatedColumns {
  /** The feed URL. */
  @PrimaryColumn({ type: 'varchar', length: 2000 })
  id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ name: 'is_primary', type: 'boolean', default: false })
  primary: boolean;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  lastSyncedAt: Date | null;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;
}
