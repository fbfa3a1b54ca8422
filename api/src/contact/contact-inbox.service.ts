import { type InboxFilter, type InboxListItem, type InboxMarks, type InboxMessage, inboxExcerpt } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { ContactMessageEntity } from './contact-message.entity';
import { inboxFilterSql, inboxMarksSql } from '../database/inbox-marks.columns';

/** A contact message as the owner's inbox shows it whole (its replies are the inbox's own). */
export type ContactInboxMessage = Omit<Extract<InboxMessage, { kind: 'contact' }>, 'replies'>;

interface ContactRow {
  id: number;
  name: string;
  email: string;
  subject: string;
  text: string;
  created_at: Date | string;
  read_at: Date | string | null;
  archived_at: Date | string | null;
}

/** Enough of the message for the excerpt, without reading whole bodies for a long list. */
const ROW_COLUMNS = 'id, name, email, subject, left(message, 400) AS text, created_at, read_at, archived_at';
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Contact messages in the owner's inbox (the back office reads contact_messages only through this),
 * beside event inquiries and booking requests.
 */
@Injectable()
export class ContactInboxService {
  constructor(@InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>) {}

  /** The newest `limit` messages matching `filter`, newest first (then by id), as inbox rows. */
  async inboxRows(filter: InboxFilter, limit: number): Promise<InboxListItem[]> {
    const rows = await this.messages.query<ContactRow[]>(
      `SELECT ${ROW_COLUMNS} FROM contact_messages WHERE ${inboxFilterSql(filter)} ORDER BY created_at DESC, id DESC LIMIT $1`,
      [limit],
    );
    return rows.map(toInboxRow);
  }

  async inboxCount(filter: InboxFilter): Promise<number> {
    const [{ n }] = await this.messages.query<Array<{ n: number }>>(`SELECT count(*)::int AS n FROM contact_messages WHERE ${inboxFilterSql(filter)}`);
    return n;
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
      receivedAt: found.createdAt.toISOString(),
      readAt: iso(found.inbox.readAt),
      archivedAt: iso(found.inbox.archivedAt),
    };
  }

  /** Sets or clears the read and archived marks; the row after, or null when there is no such message. */
  async markInbox(id: number, marks: InboxMarks, manager?: EntityManager): Promise<InboxListItem | null> {
    const [rows] = await (manager ?? this.messages.manager).query<[ContactRow[], number]>(
      `UPDATE contact_messages SET ${inboxMarksSql(marks)} WHERE id = $1 RETURNING ${ROW_COLUMNS}`,
      [id],
    );
    return rows.length ? toInboxRow(rows[0]) : null;
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
    receivedAt: new Date(row.created_at).toISOString(),
    readAt: iso(row.read_at),
    archivedAt: iso(row.archived_at),
  };
}
