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
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { ConflictError } from '../common/domain-errors';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { MailService } from '../mail/mail.service';
import { EventInquiryEntity } from './event-inquiry.entity';
import { inboxFilterSql, inboxMarksSql } from '../database/inbox-marks.columns';

export const INQUIRY_SENT = 'Inquiry sent';

/** An inquiry as the owner's inbox shows it whole (its replies are the inbox's own). */
export type InquiryInboxMessage = Omit<Extract<InboxMessage, { kind: 'inquiry' }>, 'replies'>;

interface InquiryRow {
  id: number;
  name: string;
  email: string;
  event_type: EventType;
  event_date: string;
  guests: number;
  location: string;
  text: string | null;
  created_at: Date | string;
  read_at: Date | string | null;
  archived_at: Date | string | null;
}

/** Enough of the message for the excerpt, without reading whole bodies for a long list. */
const ROW_COLUMNS =
  'id, name, email, event_type, event_date::text AS event_date, guests, location, left(message, 400) AS text, created_at, read_at, archived_at';
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Event booking inquiries: stored, then mailed to the shop (CONTACT_TO), like the contact form. */
@Injectable()
export class EventInquiriesService {
  constructor(
    @InjectRepository(EventInquiryEntity) private readonly inquiries: Repository<EventInquiryEntity>,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Stored, copied to the shop (reply-to the sender) and acknowledged to the sender, in one
   * transaction. With an idempotency key (an inquiry kept on the device while offline and sent again
   * when the network is back), the same key again is answered as the first time, with nothing
   * stored or mailed again; the same key with another inquiry is refused (409), never taken for it.
   */
  async submit(input: EventInquiry): Promise<{ message: string }> {
    const { idempotencyKey, ...fields } = input;
    const key = idempotencyKey ?? null;
    const earlier = key ? await this.inquiries.findOneBy({ idempotencyKey: key }) : null;
    if (earlier) return replay(earlier, fields);
    const type = EVENT_TYPE_LABELS[input.eventType];
    const stored = await this.inquiries.manager.transaction(async (m) => {
      // A concurrent request with the same key that committed first leaves no row here (the unique index).
      const inserted = await m
        .createQueryBuilder()
        .insert()
        .into(EventInquiryEntity)
        .values({ ...fields, idempotencyKey: key })
        .orIgnore()
        .returning('id')
        .execute();
      if (!(inserted.raw as unknown[]).length) return false;
      const message = [
        `From: ${input.name} <${input.email}>${input.phone ? `, ${input.phone}` : ''}`,
        `Event type: ${type}`,
        `Date: ${input.eventDate}`,
        `Guests: ${input.guests}`,
        `Location: ${input.location}`,
        '',
        input.message ?? '(no message)',
      ].join('\n');
      await this.mail.queue(
        {
          to: 'shop',
          replyTo: { name: input.name, address: input.email },
          template: 'shop-message',
          data: {
            kind: 'inquiry',
            name: input.name,
            email: input.email,
            subject: `${type} on ${input.eventDate} (${input.guests} guests)`,
            message,
            adminUrl: `${this.config.publicUrl}/admin?tab=inbox`,
          },
        },
        m,
      );
      await this.mail.queue({ to: input.email, template: 'inquiry-ack', data: { name: input.name, eventDate: input.eventDate } }, m);
      return true;
    });
    if (!stored) return replay(await this.inquiries.findOneByOrFail({ idempotencyKey: key! }), fields);
    return { message: INQUIRY_SENT };
  }

  // The owner's inbox reads inquiries only through the methods below (the back office's InboxService).

  /** The newest `limit` inquiries matching `filter`, newest first (then by id), as inbox rows. */
  async inboxRows(filter: InboxFilter, limit: number): Promise<InboxListItem[]> {
    const rows = await this.inquiries.query<InquiryRow[]>(
      `SELECT ${ROW_COLUMNS} FROM event_inquiries WHERE ${inboxFilterSql(filter)} ORDER BY created_at DESC, id DESC LIMIT $1`,
      [limit],
    );
    return rows.map(toInboxRow);
  }

  async inboxCount(filter: InboxFilter): Promise<number> {
    const [{ n }] = await this.inquiries.query<Array<{ n: number }>>(`SELECT count(*)::int AS n FROM event_inquiries WHERE ${inboxFilterSql(filter)}`);
    return n;
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
      receivedAt: found.createdAt.toISOString(),
      readAt: iso(found.inbox.readAt),
      archivedAt: iso(found.inbox.archivedAt),
    };
  }

  /** Sets or clears the read and archived marks; the row after, or null when there is no such inquiry. */
  async markInbox(id: number, marks: InboxMarks, manager?: EntityManager): Promise<InboxListItem | null> {
    const [rows] = await (manager ?? this.inquiries.manager).query<[InquiryRow[], number]>(
      `UPDATE event_inquiries SET ${inboxMarksSql(marks)} WHERE id = $1 RETURNING ${ROW_COLUMNS}`,
      [id],
    );
    return rows.length ? toInboxRow(rows[0]) : null;
  }
}

/** The answer to a retry of a stored inquiry: the first one's, when it is the same inquiry. */
function replay(earlier: EventInquiryEntity, fields: Omit<EventInquiry, 'idempotencyKey'>): { message: string } {
  const same =
    earlier.name === fields.name &&
    earlier.email === fields.email &&
    earlier.phone === fields.phone &&
    earlier.eventType === fields.eventType &&
    earlier.eventDate === fields.eventDate &&
    earlier.guests === fields.guests &&
    earlier.location === fields.location &&
    earlier.message === fields.message;
  if (!same) throw new ConflictError('This request key was already used for another inquiry. Please send your inquiry again.', 'IDEMPOTENCY_KEY_REUSED');
  return { message: INQUIRY_SENT };
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
    receivedAt: new Date(row.created_at).toISOString(),
    readAt: iso(row.read_at),
    archivedAt: iso(row.archived_at),
  };
}
