import type { MailStatus } from '@cocoa/shared-types';
import { Int, Jsonb, Text, Timestamptz, Varchar } from '../common/typed-columns';
import { Entity } from 'typeorm';
import { CreatedRow } from '../database/row.columns';

/**
 * Every message the shop sends, and the record of its delivery (MailService): queued in the
 * transaction that caused it, then sent by the job queue, or kept here when no SMTP_URL is set.
 */
@Entity('mail_outbox')
export class MailOutboxEntry extends CreatedRow {
  @Varchar(254) recipient: string;

  /** Subject and bodies: null until the first delivery attempt renders the template (MailService). */
  @Varchar(300, { nullable: true }) subject: string | null;
  @Text({ nullable: true }) bodyText: string | null;

  /** Null for messages written before templates (text only), and until rendered. */
  @Text({ nullable: true }) bodyHtml: string | null;
  @Varchar(40, { nullable: true }) template: string | null;

  /** What the template reads (null for messages written before templates were rendered on delivery). */
  @Jsonb({ nullable: true }) data: unknown;
  @Jsonb({ nullable: true }) replyTo: { name: string; address: string } | null;

  /** Files sent with the message (a booking's calendar invitation); null for none. */
  @Jsonb({ nullable: true }) attachments: Array<{ filename: string; content: string; contentType: string }> | null;
  @Varchar(10, { default: 'queued' }) status: MailStatus;
  @Int({ default: 0 }) attempts: number;

  /** The mail server's last refusal (never the message itself). */
  @Varchar(500, { nullable: true }) lastError: string | null;
  @Timestamptz({ nullable: true }) sentAt: Date | null;
}
