import { EVENT_TYPE_LABELS, type EventInquiry, type EventType, type InboxMessage, inquirySubject } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { pick } from '../common/pick';
import { MailService } from '../mail/mail.service';
import { EventInquiryEntity } from './event-inquiry.entity';
import { inboxEntityTimes, type InboxRow, InboxSource, InboxTable } from '../database/inbox-marks.columns';
import { storeInboxMessageOnce } from '../database/inbox-message.columns';

export const INQUIRY_SENT = 'Inquiry sent';

/** An inquiry as the owner's inbox shows it whole (its replies are the inbox's own). */
export type InquiryInboxMessage = Omit<Extract<InboxMessage, { kind: 'inquiry' }>, 'replies'>;

interface InquiryRow extends InboxRow {
  event_type: EventType;
  event_date: string;
  guests: number;
}

/** Enough of the message for the excerpt (else where the event is), without reading whole bodies for a long list. */
const ROW_COLUMNS =
  "id, name, email, event_type, event_date::text AS event_date, guests, COALESCE(left(message, 400), 'At ' || location) AS text, created_at, read_at, archived_at";
const INBOX = new InboxTable<InquiryRow>('inquiry', 'event_inquiries', ROW_COLUMNS, (row) => ({
  subject: inquirySubject({ eventType: row.event_type, guests: row.guests }),
  eventDate: row.event_date,
}));

/** Event booking inquiries: stored, then mailed to the shop (CONTACT_TO), like the contact form. */
@Injectable()
export class EventInquiriesService extends InboxSource<EventInquiryEntity, InquiryRow, InquiryInboxMessage> {
  constructor(
    @InjectRepository(EventInquiryEntity) private readonly inquiries: Repository<EventInquiryEntity>,
    private readonly mail: MailService,
  ) {
    super(inquiries, INBOX);
  }

  /** Stored, copied to the shop (reply-to the sender) and acknowledged to the sender, in one transaction; once per idempotency key. */
  async submit(input: EventInquiry): Promise<{ message: string }> {
    const { idempotencyKey, ...fields } = input;
    const type = EVENT_TYPE_LABELS[input.eventType];
    await storeInboxMessageOnce(this.inquiries, fields, idempotencyKey ?? null, {
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

  protected toInboxMessage(found: EventInquiryEntity): InquiryInboxMessage {
    return {
      kind: 'inquiry',
      ...pick(found, 'id', 'name', 'email', 'phone', 'eventDate', 'guests', 'location', 'message'),
      eventType: found.eventType as EventType,
      ...inboxEntityTimes(found),
    };
  }
}
