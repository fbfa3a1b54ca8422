import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

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

  /** When the owner read it in the inbox; null while unread. */
  @Column({ type: 'timestamptz', nullable: true })
  readAt: Date | null;

  /** When the owner archived it; null while it is in the inbox. */
  @Column({ type: 'timestamptz', nullable: true })
  archivedAt: Date | null;

  /** The id the sender's device made for it (its offline outbox entry), when it came with one: the same key again is answered, not stored twice. */
  @Column({ type: 'varchar', length: 64, nullable: true, unique: true })
  idempotencyKey: string | null;
}
