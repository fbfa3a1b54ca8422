import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** An event where cocoa is served (Live Cocoa Tracker). */
@Entity('scheduled_locations')
export class ScheduledLocation {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** The place's name. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  location: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  address: string | null;

  /** The day, as noon local time of the chosen day (SPEC §5). */
  @Column({ type: 'timestamptz' })
  date: Date;

  /** 'HH:MM' 24-hour. */
  @Column({ type: 'varchar', length: 5, nullable: true })
  startTime: string | null;

  @Column({ type: 'varchar', length: 5, nullable: true })
  endTime: string | null;

  @Column({ type: 'double precision', nullable: true })
  latitude: number | null;

  @Column({ type: 'double precision', nullable: true })
  longitude: number | null;

  /** The VEVENT UID (plus RECURRENCE-ID) of an event imported from a calendar feed. */
  @Column({ type: 'varchar', length: 1000, nullable: true })
  sourceUid: string | null;

  /** The feed (calendars.id) it was imported from; null for events the admin entered. */
  @Column({ type: 'varchar', length: 2000, nullable: true })
  calendarId: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
