import type { MailStatus } from '@cocoa/shared-types';
import { Column, Entity } from 'typeorm';
import { CreatedRow } from '../database/row.columns';

/**
 * Every message the shop sends, and the record of its delivery (MailService): queued in the
 * transaction that caused it, then sent by the job queue, or kept here when no SMTP_URL is set.
 */
@Entity('mail_outbox')
export class MailOutboxEntry extends CreatedRow {
  @Column({ type: 'varchar', length: 254 })
  recipient: string;

  /** Subject and bodies: null until the first delivery attempt renders the template (MailService). */
  @Column({ type: 'varchar', length: 300, nullable: true })
  subject: string | null;

  @Column({ type: 'text', nullable: true })
  bodyText: string | null;

  /** Null for messages written before templates (text only), and until rendered. */
  @Column({ type: 'text', nullable: true })
  bodyHtml: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  template: string | null;

  /** What the template reads (null for messages written before templates were rendered on delivery). */
  @Column({ type: 'jsonb', nullable: true })
  data: unknown;

  @Column({ type: 'jsonb', nullable: true })
  replyTo: { name: string; address: string } | null;

  /** Files sent with the message (a booking's calendar invitation); null for none. */
  @Column({ type: 'jsonb', nullable: true })
  attachments: Array<{ filename: string; content: string; contentType: string }> | null;

  @Column({ type: 'varchar', length: 10, default: 'queued' })
  status: MailStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** The mail server's last refusal (never the message itself). */
  @Column({ type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt: Date | null;
}
