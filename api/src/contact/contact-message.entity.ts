import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

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
