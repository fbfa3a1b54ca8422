import { bookingRequestSubject, inboxExcerpt, type InboxFilter, type InboxListItem, type InboxMarks, type InboxMessage } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { pick } from '../common/pick';
import { BookingEntity } from './booking.entity';
import { inboxEntityTimes, inboxRowTimes, type InboxRowTimes, InboxTable } from '../database/inbox-marks.columns';

/** A booking request as the owner's inbox shows it whole (its replies are the inbox's own). */
export type BookingInboxMessage = Omit<Extract<InboxMessage, { kind: 'booking' }>, 'replies'>;

interface BookingRow extends InboxRowTimes {
  id: number;
  reference: string;
  package_name: string;
  guests: number;
  contact_name: string;
  contact_email: string;
  event_date: string;
  venue_name: string;
  text: string | null;
}

const ROW_COLUMNS =
  'id, reference, package_name, guests, contact_name, contact_email, event_date::text AS event_date, venue_name, left(notes, 400) AS text, created_at, read_at, archived_at';
const INBOX = new InboxTable<BookingRow>('bookings', ROW_COLUMNS, toInboxRow);

/**
 * Booking requests in the owner's inbox (the back office's InboxService reads them only through this), beside
 * contact messages and event inquiries: every request is a message there, unread until the owner
 * opens it, accepts or declines it. Reading or archiving it moves nothing: the booking's states are
 * the Bookings tab's; a reply from the inbox is an e-mail to the customer, kept in the inbox thread.
 */
@Injectable()
export class BookingInboxService {
  constructor(@InjectRepository(BookingEntity) private readonly bookings: Repository<BookingEntity>) {}

  /** The newest `limit` requests matching `filter`, newest first (then by id), as inbox rows. */
  async inboxRows(filter: InboxFilter, limit: number): Promise<InboxListItem[]> {
    return INBOX.rows(this.bookings, filter, limit);
  }

  async inboxCount(filter: InboxFilter): Promise<number> {
    return INBOX.count(this.bookings, filter);
  }

  /** One request, whole, or null; with `manager`, read in the caller's transaction. */
  async inboxMessage(id: number, manager?: EntityManager): Promise<BookingInboxMessage | null> {
    const b = await (manager?.getRepository(BookingEntity) ?? this.bookings).findOneBy({ id });
    if (!b) return null;
    return {
      kind: 'booking',
      id: b.id,
      name: b.contactName,
      email: b.contactEmail,
      phone: b.contactPhone,
      ...pick(b, 'reference', 'state', 'packageName', 'eventDate', 'startTime', 'endTime', 'guests', 'venueName', 'venueAddress'),
      message: b.notes,
      ...inboxEntityTimes(b),
    };
  }

  /** Sets or clears the read and archived marks; the row after, or null when there is no such booking. */
  async markInbox(id: number, marks: InboxMarks, manager?: EntityManager): Promise<InboxListItem | null> {
    return INBOX.mark(manager ?? this.bookings.manager, id, marks);
  }
}

function toInboxRow(row: BookingRow): InboxListItem {
  return {
    kind: 'booking',
    id: row.id,
    name: row.contact_name,
    email: row.contact_email,
    subject: bookingRequestSubject({ reference: row.reference, packageName: row.package_name, guests: row.guests }),
    eventDate: row.event_date,
    excerpt: inboxExcerpt(row.text ?? `At ${row.venue_name}`),
    ...inboxRowTimes(row),
  };
}
