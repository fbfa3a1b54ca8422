import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A message kept in the database: every message when no SMTP_URL is set, or one SMTP refused. */
@Entity('mail_outbox')
export class MailOutboxEntry {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 254 })
  recipient: string;

  @Column({ type: 'varchar', length: 300 })
  subject: string;

  @Column({ type: 'text' })
  bodyText: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
