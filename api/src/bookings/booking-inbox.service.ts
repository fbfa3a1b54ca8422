import { bookingRequestSubject, type InboxMessage } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { pick } from '../common/pick';
import { BookingEntity } from './booking.entity';
import { inboxEntityTimes, type InboxRow, InboxSource, InboxTable } from '../database/inbox-marks.columns';

/** A booking request as the owner's inbox shows it whole (its replies are the inbox's own). */
export type BookingInboxMessage = Omit<Extract<InboxMessage, { kind: 'booking' }>, 'replies'>;

interface BookingRow extends InboxRow {
  reference: string;
  package_name: string;
  guests: number;
  event_date: string;
}

/** The excerpt is the customer's notes, else where the event is. */
const ROW_COLUMNS =
  "id, reference, package_name, guests, contact_name AS name, contact_email AS email, event_date::text AS event_date, COALESCE(left(notes, 400), 'At ' || venue_name) AS text, created_at, read_at, archived_at";
const INBOX = new InboxTable<BookingRow>('booking', 'bookings', ROW_COLUMNS, (row) => ({
  subject: bookingRequestSubject({ reference: row.reference, packageName: row.package_name, guests: row.guests }),
  eventDate: row.event_date,
}));

/**
 * Booking requests in the owner's inbox (the back office's InboxService reads them only through this), beside
 * contact messages and event inquiries: every request is a message there, unread until the owner
 * opens it, accepts or declines it. Reading or archiving it moves nothing: the booking's states are
 * the Bookings tab's; a reply from the inbox is an e-mail to the customer, kept in the inbox thread.
 */
@Injectable()
export class BookingInboxService extends InboxSource<BookingEntity, BookingRow, BookingInboxMessage> {
  constructor(@InjectRepository(BookingEntity) bookings: Repository<BookingEntity>) {
    super(bookings, INBOX);
  }

  protected toInboxMessage(b: BookingEntity): BookingInboxMessage {
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
}
