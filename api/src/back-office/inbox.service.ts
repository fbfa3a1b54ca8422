import {
  bookingRequestSubject,
  formatLongDate,
  INBOX_FILTERS,
  INBOX_KINDS,
  INBOX_PAGE_SIZE,
  type InboxCounts,
  inboxExcerpt,
  type InboxFilter,
  type InboxKind,
  type InboxListItem,
  type InboxListQuery,
  type InboxMessage,
  type InboxPage,
  inquirySubject,
} from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { inboxFilterSql, type InboxMarks, inboxMarksSql } from '../common/inbox-sql';
import { NotFoundError } from '../common/domain-errors';
import { BookingInboxService } from '../bookings/booking-inbox.service';
import { EventInquiriesService } from '../events/event-inquiries.service';
import { MailService } from '../mail/mail.service';
import { ContactMessageEntity } from './contact-message.entity';
import { InboxReplyEntity } from './inbox-reply.entity';

export const INBOX_MESSAGE_NOT_FOUND = 'Message not found';

/** A message without its thread: what a kind's own module answers. */
type InboxMessageBody = InboxMessage extends infer M ? (M extends InboxMessage ? Omit<M, 'replies'> : never) : never;

/**
 * One kind of inbox message, read from the module that owns its table. Adding a kind to
 * INBOX_KINDS (shared-types) makes the compiler ask for its source in InboxService's constructor.
 */
interface InboxSource {
  /** The newest `limit` messages matching `filter`: created_at, then id, both descending. */
  rows(filter: InboxFilter, limit: number): Promise<InboxListItem[]>;
  count(filter: InboxFilter): Promise<number>;
  message(id: number, manager?: EntityManager): Promise<InboxMessageBody | null>;
  mark(id: number, marks: InboxMarks, manager?: EntityManager): Promise<InboxListItem | null>;
}

/**
 * The owner's inbox (issue 13): contact messages (this module's table) and event inquiries (read
 * through EventInquiriesService, never their table) in one list, newest first.
 *
 * - Paging merges: page p takes the newest p × 20 rows of each kind and cuts the page from the
 *   merged order (time, then kind, then id, so the order is total and pages never overlap). Pages
 *   stop at INBOX_PAGE_MAX.
 * - States: unread (in the inbox, not read), all (in the inbox: everything not archived) and
 *   archived. Archiving leaves the read mark alone; the unread count is of the inbox only.
 * - Opening a message does not mark it read (a GET changes nothing): the dashboard marks it read
 *   when the owner opens it, and "Mark unread" clears it.
 * - A reply is e-mailed to the sender (template 'inbox-reply', reply-to the shop) through the outbox,
 *   queued in the same transaction as its inbox_replies row, and marks the message read.
 */
@Injectable()
export class InboxService {
  private readonly sources: Record<InboxKind, InboxSource>;

  constructor(
    @InjectRepository(ContactMessageEntity) messages: Repository<ContactMessageEntity>,
    @InjectRepository(InboxReplyEntity) private readonly replies: Repository<InboxReplyEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    inquiries: EventInquiriesService,
    bookings: BookingInboxService,
    private readonly mail: MailService,
  ) {
    this.sources = {
      contact: contactSource(messages),
      inquiry: {
        rows: (filter, limit) => inquiries.inboxRows(filter, limit),
        count: (filter) => inquiries.inboxCount(filter),
        message: (id, manager) => inquiries.inboxMessage(id, manager),
        mark: (id, marks, manager) => inquiries.markInbox(id, marks, manager),
      },
      booking: {
        rows: (filter, limit) => bookings.inboxRows(filter, limit),
        count: (filter) => bookings.inboxCount(filter),
        message: (id, manager) => bookings.inboxMessage(id, manager),
        mark: (id, marks, manager) => bookings.markInbox(id, marks, manager),
      },
    };
  }

  async list(query: InboxListQuery): Promise<InboxPage> {
    const filter = INBOX_FILTERS[query.state];
    const end = query.page * INBOX_PAGE_SIZE;
    const rows: InboxListItem[] = [];
    let total = 0;
    for (const kind of INBOX_KINDS) {
      rows.push(...(await this.sources[kind].rows(filter, end)));
      total += await this.sources[kind].count(filter);
    }
    rows.sort(newestFirst);
    return { items: rows.slice(end - INBOX_PAGE_SIZE, end), page: query.page, pageSize: INBOX_PAGE_SIZE, total };
  }

  /** What the Inbox tab and the admin header show. */
  async counts(): Promise<InboxCounts> {
    let unread = 0;
    for (const kind of INBOX_KINDS) unread += await this.sources[kind].count(INBOX_FILTERS.unread);
    return { unread };
  }

  /** The whole message and its replies, oldest first. */
  async message(kind: InboxKind, id: number): Promise<InboxMessage> {
    const found = await this.sources[kind].message(id);
    if (!found) throw notFound();
    const thread = await this.replies.find({ where: { kind, messageId: id }, order: { createdAt: 'ASC', id: 'ASC' } });
    return { ...found, replies: thread.map((r) => ({ id: r.id, body: r.body, sentBy: r.sentBy, sentAt: r.createdAt.toISOString() })) };
  }

  /** Sets or clears read / archived; answers the message's list row after the change. */
  async mark(kind: InboxKind, id: number, marks: InboxMarks): Promise<InboxListItem> {
    const row = await this.sources[kind].mark(id, marks);
    if (!row) throw notFound();
    return row;
  }

  /** Queues the reply to the sender and keeps it in the thread, in one transaction; answers the message with its thread. */
  async reply(kind: InboxKind, id: number, body: string, sentBy: string): Promise<InboxMessage> {
    await this.dataSource.transaction(async (m) => {
      const source = this.sources[kind];
      const found = await source.message(id, m);
      if (!found) throw notFound();
      const shop = this.mail.shop();
      const original = replyContext(found);
      const outboxId = await this.mail.queue(
        {
          to: found.email,
          replyTo: { name: shop.name, address: shop.email },
          template: 'inbox-reply',
          data: { name: found.name, body, originalSubject: original.subject, originalMessage: original.message },
        },
        m,
      );
      await m.getRepository(InboxReplyEntity).insert({ kind, messageId: id, body, sentBy, outboxId });
      await source.mark(id, { read: true }, m);
    });
    return this.message(kind, id);
  }
}

function notFound(): NotFoundError {
  return new NotFoundError(INBOX_MESSAGE_NOT_FOUND, 'INBOX_MESSAGE_NOT_FOUND');
}

/** Newest first; then by kind (their order in INBOX_KINDS) and id, newest first, so paging is stable. */
function newestFirst(a: InboxListItem, b: InboxListItem): number {
  return Date.parse(b.receivedAt) - Date.parse(a.receivedAt) || INBOX_KINDS.indexOf(a.kind) - INBOX_KINDS.indexOf(b.kind) || b.id - a.id;
}

/** What the reply quotes: the subject and text the sender wrote. */
function replyContext(message: InboxMessageBody): { subject: string; message: string } {
  switch (message.kind) {
    case 'contact':
      return { subject: message.subject, message: message.message };
    case 'inquiry': {
      // The event's day as written (a calendar day, read at noon UTC so no zone moves it).
      const day = formatLongDate(`${message.eventDate}T12:00:00Z`, 'UTC');
      return {
        subject: `Event inquiry: ${inquirySubject(message)} on ${day}`,
        message: message.message ?? `${inquirySubject(message)} on ${day} at ${message.location}`,
      };
    }
    case 'booking': {
      const day = formatLongDate(`${message.eventDate}T12:00:00Z`, 'UTC');
      return {
        subject: `Booking request ${bookingRequestSubject(message)} on ${day}`,
        message: message.message ?? `${bookingRequestSubject(message)} on ${day} at ${message.venueName}`,
      };
    }
  }
}

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
const CONTACT_COLUMNS = 'id, name, email, subject, left(message, 400) AS text, created_at, read_at, archived_at';
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toContactRow(row: ContactRow): InboxListItem {
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

/** This module's own kind: contact_messages. */
function contactSource(messages: Repository<ContactMessageEntity>): InboxSource {
  return {
    async rows(filter, limit) {
      const rows = await messages.query<ContactRow[]>(`SELECT ${CONTACT_COLUMNS} FROM contact_messages WHERE ${inboxFilterSql(filter)} ORDER BY created_at DESC, id DESC LIMIT $1`, [limit]);
      return rows.map(toContactRow);
    },
    async count(filter) {
      const [{ n }] = await messages.query<Array<{ n: number }>>(`SELECT count(*)::int AS n FROM contact_messages WHERE ${inboxFilterSql(filter)}`);
      return n;
    },
    async message(id, manager) {
      const found = await (manager?.getRepository(ContactMessageEntity) ?? messages).findOneBy({ id });
      if (!found) return null;
      return {
        kind: 'contact',
        id: found.id,
        name: found.name,
        email: found.email,
        subject: found.subject,
        message: found.message,
        receivedAt: found.createdAt.toISOString(),
        readAt: iso(found.readAt),
        archivedAt: iso(found.archivedAt),
      };
    },
    async mark(id, marks, manager) {
      const [rows] = await (manager ?? messages.manager).query<[ContactRow[], number]>(`UPDATE contact_messages SET ${inboxMarksSql(marks)} WHERE id = $1 RETURNING ${CONTACT_COLUMNS}`, [id]);
      return rows.length ? toContactRow(rows[0]) : null;
    },
  };
}
