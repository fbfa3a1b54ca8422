import type { InboxKind } from '@cocoa/shared-types';
import { Column, Entity } from 'typeorm';
import { CreatedRow } from '../database/row.columns';

/** The owner's reply to an inbox message, kept in its thread; the e-mail is the outbox row `outboxId`. */
@Entity('inbox_replies')
export class InboxReplyEntity extends CreatedRow {
  @Column({ type: 'varchar', length: 20 })
  kind: InboxKind;

  /** The id in the table of `kind` (contact_messages, event_inquiries). */
  @Column({ type: 'integer' })
  messageId: number;

  @Column({ type: 'text' })
  body: string;

  /** The admin's username when the reply was sent. */
  @Column({ type: 'varchar', length: 100 })
  sentBy: string;

  @Column({ type: 'integer', nullable: true })
  outboxId: number | null;
}
