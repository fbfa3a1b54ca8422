import type { InboxKind } from '@cocoa/shared-types';
import { Int, Text, Varchar } from '../common/typed-columns';
import { Entity } from 'typeorm';
import { CreatedRow } from '../database/row.columns';

/** The owner's reply to an inbox message, kept in its thread; the e-mail is the outbox row `outboxId`. */
@Entity('inbox_replies')
export class InboxReplyEntity extends CreatedRow {
  @Varchar(20) kind: InboxKind;

  /** The id in the table of `kind` (contact_messages, event_inquiries). */
  @Int() messageId: number;
  @Text() body: string;

  /** The admin's username when the reply was sent. */
  @Varchar(100) sentBy: string;
  @Int({ nullable: true }) outboxId: number | null;
}
