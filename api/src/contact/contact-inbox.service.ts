import type { InboxMessage } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { pick } from '../common/pick';
import { ContactMessageEntity } from './contact-message.entity';
import { inboxEntityTimes, type InboxRow, InboxSource, InboxTable } from '../database/inbox-marks.columns';

/** A contact message as the owner's inbox shows it whole (its replies are the inbox's own). */
export type ContactInboxMessage = Omit<Extract<InboxMessage, { kind: 'contact' }>, 'replies'>;

interface ContactRow extends InboxRow {
  subject: string;
}

/** Enough of the message for the excerpt, without reading whole bodies for a long list. */
const ROW_COLUMNS = 'id, name, email, subject, left(message, 400) AS text, created_at, read_at, archived_at';
const INBOX = new InboxTable<ContactRow>('contact', 'contact_messages', ROW_COLUMNS, (row) => ({ subject: row.subject, eventDate: null }));

/**
 * Contact messages in the owner's inbox (the back office reads contact_messages only through this),
 * beside event inquiries and booking requests.
 */
@Injectable()
export class ContactInboxService extends InboxSource<ContactMessageEntity, ContactRow, ContactInboxMessage> {
  constructor(@InjectRepository(ContactMessageEntity) messages: Repository<ContactMessageEntity>) {
    super(messages, INBOX);
  }

  protected toInboxMessage(found: ContactMessageEntity): ContactInboxMessage {
    return { kind: 'contact', ...pick(found, 'id', 'name', 'email', 'subject', 'message'), ...inboxEntityTimes(found) };
  }
}
