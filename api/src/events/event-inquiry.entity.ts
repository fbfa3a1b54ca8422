import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { InboxMarkColumns } from '../database/inbox-marks.columns';

/** An event booking inquiry from the Events page. */
@Entity('event_inquiries')
export class EventInquiryEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 30, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 20 })
  eventType: string;

  /** 'YYYY-MM-DD' */
  @Column({ type: 'date' })
  eventDate: string;

  @Column({ type: 'integer' })
  guests: number;

  @Column({ type: 'varchar', length: 300 })
  location: string;

  @Column({ type: 'text', nullable: true })
  message: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** The owner's inbox marks (read_at, archived_at). */
  @Column(() => InboxMarkColumns, { prefix: false })
  inbox: InboxMarkColumns;

  /** The id the sender's device made for it (its offline outbox entry), when it came with one: the same key again is answered, not stored twice. */
  @Column({ type: 'varchar', length: 64, nullable: true, unique: true })
  idempotencyKey: string | null;
}
