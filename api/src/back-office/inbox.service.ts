import {
  bookingRequestSubject,
  formatLongDate,
  INBOX_FILTERS,
  INBOX_KINDS,
  INBOX_PAGE_SIZE,
  type InboxCounts,
  type InboxFilter,
  type InboxKind,
  type InboxListItem,
  type InboxListQuery,
  type InboxMarks,
  type InboxMessage,
  type InboxPage,
  inquirySubject,
} from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { BookingInboxService } from '../bookings/booking-inbox.service';
import { NotFoundError } from '../common/domain-errors';
import { ContactInboxService } from '../contact/contact-inbox.service';
import { EventInquiriesService } from '../events/event-inquiries.service';
import { MailService } from '../mail/mail.service';
import { InboxReplyEntity } from './inbox-reply.entity';

export const INBOX_MESSAGE_NOT_FOUND = 'Message not found';

/** A message without its thread: what a kind's own module answers. */
type InboxMessageBody = InboxMessage extends infer M ? (M extends InboxMessage ? Omit<M, 'replies'> : never) : never;

/**
 * One kind of inbox message, read through the service of the module that owns its table. Adding a
 * kind to INBOX_KINDS (shared-types) makes the compiler ask for its source in InboxService's constructor.
 */
interface InboxSource {
  /** The newest `limit` messages matching `filter`: created_at, then id, both descending. */
  inboxRows(filter: InboxFilter, limit: number): Promise<InboxListItem[]>;
  inboxCount(filter: InboxFilter): Promise<number>;
  inboxMessage(id: number, manager?: EntityManager): Promise<InboxMessageBody | null>;
  markInbox(id: number, marks: InboxMarks, manager?: EntityManager): Promise<InboxListItem | null>;
}

/**
 * The owner's inbox: contact messages, event inquiries and booking requests in one list, newest
 * first, each kind read through its module's service (never its table); the replies are this
 * module's own (inbox_replies).
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
    @InjectRepository(InboxReplyEntity) private readonly replies: Repository<InboxReplyEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    contact: ContactInboxService,
    inquiries: EventInquiriesService,
    bookings: BookingInboxService,
    private readonly mail: MailService,
  ) {
    this.sources = { contact, inquiry: inquiries, booking: bookings };
  }

  async list(query: InboxListQuery): Promise<InboxPage> {
    const filter = INBOX_FILTERS[query.state];
    const end = query.page * INBOX_PAGE_SIZE;
    const rows: InboxListItem[] = [];
    let total = 0;
    for (const kind of INBOX_KINDS) {
      rows.push(...(await this.sources[kind].inboxRows(filter, end)));
      total += await this.sources[kind].inboxCount(filter);
    }
    rows.sort(newestFirst);
    return { items: rows.slice(end - INBOX_PAGE_SIZE, end), page: query.page, pageSize: INBOX_PAGE_SIZE, total };
  }

  /** What the Inbox tab and the admin header show. */
  async counts(): Promise<InboxCounts> {
    let unread = 0;
    for (const kind of INBOX_KINDS) unread += await this.sources[kind].inboxCount(INBOX_FILTERS.unread);
    return { unread };
  }

  /** The whole message and its replies, oldest first. */
  async message(kind: InboxKind, id: number): Promise<InboxMessage> {
    const found = await this.sources[kind].inboxMessage(id);
    if (!found) throw notFound();
    const thread = await this.replies.find({ where: { kind, messageId: id }, order: { createdAt: 'ASC', id: 'ASC' } });
    return { ...found, replies: thread.map((r) => ({ id: r.id, body: r.body, sentBy: r.sentBy, sentAt: r.createdAt.toISOString() })) };
  }

  /** Sets or clears read / archived; answers the message's list row after the change. */
  async mark(kind: InboxKind, id: number, marks: InboxMarks): Promise<InboxListItem> {
    const row = await this.sources[kind].markInbox(id, marks);
    if (!row) throw notFound();
    return row;
  }

  /** Queues the reply to the sender and keeps it in the thread, in one transaction; answers the message with its thread. */
  async reply(kind: InboxKind, id: number, body: string, sentBy: string): Promise<InboxMessage> {
    const shop = await this.mail.identity();
    await this.dataSource.transaction(async (m) => {
      const source = this.sources[kind];
      const found = await source.inboxMessage(id, m);
      if (!found) throw notFound();
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
      await source.markInbox(id, { read: true }, m);
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
