import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { InboxMarkColumns } from '../database/inbox-marks.columns';

@Entity('contact_messages')
export class ContactMessageEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 200 })
  subject: string;

  @Column({ type: 'text' })
  message: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** The owner's inbox marks (read_at, archived_at). */
  @Column(() => InboxMarkColumns, { prefix: false })
  inbox: InboxMarkColumns;

  /** The id the sender's device made for it (its offline outbox entry), when it came with one: the same key again is answered, not stored twice. */
  @Column({ type: 'varchar', length: 64, nullable: true, unique: true })
  idempotencyKey: string | null;
}
