import {
  EVENT_TYPE_LABELS,
  type EventInquiry,
  type EventType,
  type InboxFilter,
  type InboxListItem,
  type InboxMarks,
  type InboxMessage,
  inboxExcerpt,
  inquirySubject,
} from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { MailService } from '../mail/mail.service';
import { EventInquiryEntity } from './event-inquiry.entity';
import { inboxEntityTimes, inboxRowTimes, type InboxRowTimes, InboxTable } from '../database/inbox-marks.columns';
import { storeInboxMessageOnce } from '../database/inbox-message.columns';

export const INQUIRY_SENT = 'Inquiry sent';

/** An inquiry as the owner's inbox shows it whole (its replies are the inbox's own). */
export type InquiryInboxMessage = Omit<Extract<InboxMessage, { kind: 'inquiry' }>, 'replies'>;

interface InquiryRow extends InboxRowTimes {
  id: number;
  name: string;
  email: string;
  event_type: EventType;
  event_date: string;
  guests: number;
  location: string;
  text: string | null;
}

/** Enough of the message for the excerpt, without reading whole bodies for a long list. */
const ROW_COLUMNS =
  'id, name, email, event_type, event_date::text AS event_date, guests, location, left(message, 400) AS text, created_at, read_at, archived_at';
const INBOX = new InboxTable<InquiryRow>('event_inquiries', ROW_COLUMNS, toInboxRow);

/** Event booking inquiries: stored, then mailed to the shop (CONTACT_TO), like the contact form. */
@Injectable()
export class EventInquiriesService {
  constructor(
    @InjectRepository(EventInquiryEntity) private readonly inquiries: Repository<EventInquiryEntity>,
    private readonly mail: MailService,
  ) {}

  /** Stored, copied to the shop (reply-to the sender) and acknowledged to the sender, in one transaction; once per idempotency key. */
  async submit(input: EventInquiry): Promise<{ message: string }> {
    const { idempotencyKey, ...fields } = input;
    const type = EVENT_TYPE_LABELS[input.eventType];
    await storeInboxMessageOnce(this.inquiries, fields, idempotencyKey ?? null, {
      isSame: (earlier) => sameInquiry(earlier, fields),
      refusal: 'This request key was already used for another inquiry. Please send your inquiry again.',
      mail: async (m) => {
        const message = [
          `From: ${input.name} <${input.email}>${input.phone ? `, ${input.phone}` : ''}`,
          `Event type: ${type}`,
          `Date: ${input.eventDate}`,
          `Guests: ${input.guests}`,
          `Location: ${input.location}`,
          '',
          input.message ?? '(no message)',
        ].join('\n');
        const subject = `${type} on ${input.eventDate} (${input.guests} guests)`;
        await this.mail.queueShopCopy({ kind: 'inquiry', name: input.name, email: input.email, subject, message }, m);
        await this.mail.queue({ to: input.email, template: 'inquiry-ack', data: { name: input.name, eventDate: input.eventDate } }, m);
      },
    });
    return { message: INQUIRY_SENT };
  }

  // The owner's inbox reads inquiries only through the methods below (the back office's InboxService).

  /** The newest `limit` inquiries matching `filter`, newest first (then by id), as inbox rows. */
  async inboxRows(filter: InboxFilter, limit: number): Promise<InboxListItem[]> {
    return INBOX.rows(this.inquiries, filter, limit);
  }

  async inboxCount(filter: InboxFilter): Promise<number> {
    return INBOX.count(this.inquiries, filter);
  }

  /** One inquiry, whole, or null; with `manager`, read in the caller's transaction. */
  async inboxMessage(id: number, manager?: EntityManager): Promise<InquiryInboxMessage | null> {
    const found = await (manager?.getRepository(EventInquiryEntity) ?? this.inquiries).findOneBy({ id });
    if (!found) return null;
    return {
      kind: 'inquiry',
      id: found.id,
      name: found.name,
      email: found.email,
      phone: found.phone,
      eventType: found.eventType as EventType,
      eventDate: found.eventDate,
      guests: found.guests,
      location: found.location,
      message: found.message,
      ...inboxEntityTimes(found),
    };
  }

  /** Sets or clears the read and archived marks; the row after, or null when there is no such inquiry. */
  async markInbox(id: number, marks: InboxMarks, manager?: EntityManager): Promise<InboxListItem | null> {
    return INBOX.mark(manager ?? this.inquiries.manager, id, marks);
  }
}

/** Whether a stored inquiry is the one sent again under its key. */
function sameInquiry(earlier: EventInquiryEntity, fields: Omit<EventInquiry, 'idempotencyKey'>): boolean {
  return (
    earlier.name === fields.name &&
    earlier.email === fields.email &&
    earlier.phone === fields.phone &&
    earlier.eventType === fields.eventType &&
    earlier.eventDate === fields.eventDate &&
    earlier.guests === fields.guests &&
    earlier.location === fields.location &&
    earlier.message === fields.message
  );
}

function toInboxRow(row: InquiryRow): InboxListItem {
  return {
    kind: 'inquiry',
    id: row.id,
    name: row.name,
    email: row.email,
    subject: inquirySubject({ eventType: row.event_type, guests: row.guests }),
    eventDate: row.event_date,
    excerpt: inboxExcerpt(row.text ?? `At ${row.location}`),
    ...inboxRowTimes(row),
  };
}
