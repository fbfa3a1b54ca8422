import { type InboxFilter, type InboxListItem, type InboxMarks, type InboxMessage, inboxExcerpt } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { ContactMessageEntity } from './contact-message.entity';
import { inboxEntityTimes, inboxRowTimes, type InboxRowTimes, InboxTable } from '../database/inbox-marks.columns';

/** A contact message as the owner's inbox shows it whole (its replies are the inbox's own). */
export type ContactInboxMessage = Omit<Extract<InboxMessage, { kind: 'contact' }>, 'replies'>;

interface ContactRow extends InboxRowTimes {
  id: number;
  name: string;
  email: string;
  subject: string;
  text: string;
}

/** Enough of the message for the excerpt, without reading whole bodies for a long list. */
const ROW_COLUMNS = 'id, name, email, subject, left(message, 400) AS text, created_at, read_at, archived_at';
const INBOX = new InboxTable<ContactRow>('contact_messages', ROW_COLUMNS, toInboxRow);

/**
 * Contact messages in the owner's inbox (the back office reads contact_messages only through this),
 * beside event inquiries and booking requests.
 */
@Injectable()
export class ContactInboxService {
  constructor(@InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>) {}

  /** The newest `limit` messages matching `filter`, newest first (then by id), as inbox rows. */
  async inboxRows(filter: InboxFilter, limit: number): Promise<InboxListItem[]> {
    return INBOX.rows(this.messages, filter, limit);
  }

  async inboxCount(filter: InboxFilter): Promise<number> {
    return INBOX.count(this.messages, filter);
  }

  /** One message, whole, or null; with `manager`, read in the caller's transaction. */
  async inboxMessage(id: number, manager?: EntityManager): Promise<ContactInboxMessage | null> {
    const found = await (manager?.getRepository(ContactMessageEntity) ?? this.messages).findOneBy({ id });
    if (!found) return null;
    return {
      kind: 'contact',
      id: found.id,
      name: found.name,
      email: found.email,
      subject: found.subject,
      message: found.message,
      ...inboxEntityTimes(found),
    };
  }

  /** Sets or clears the read and archived marks; the row after, or null when there is no such message. */
  async markInbox(id: number, marks: InboxMarks, manager?: EntityManager): Promise<InboxListItem | null> {
    return INBOX.mark(manager ?? this.messages.manager, id, marks);
  }
}

function toInboxRow(row: ContactRow): InboxListItem {
  return {
    kind: 'contact',
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    eventDate: null,
    excerpt: inboxExcerpt(row.text),
    ...inboxRowTimes(row),
  };
}
