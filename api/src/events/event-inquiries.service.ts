import { EVENT_TYPE_LABELS, type EventInquiry } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { MailService } from '../mail/mail.service';
import { EventInquiryEntity } from './event-inquiry.entity';

export const INQUIRY_SENT = 'Inquiry sent';

/** Event booking inquiries: stored, then mailed to the shop (CONTACT_TO), like the contact form. */
@Injectable()
export class EventInquiriesService {
  constructor(
    @InjectRepository(EventInquiryEntity) private readonly inquiries: Repository<EventInquiryEntity>,
    private readonly mail: MailService,
  ) {}

  async submit(input: EventInquiry): Promise<{ message: string }> {
    const saved = await this.inquiries.save(this.inquiries.create(input));
    const type = EVENT_TYPE_LABELS[input.eventType];
    await this.mail.sendToShop({
      subject: `Event inquiry: ${type} on ${input.eventDate} (${input.guests} guests)`,
      replyTo: { name: input.name, address: input.email },
      text: [
        `New event booking inquiry (#${saved.id}).`,
        '',
        `From: ${input.name} <${input.email}>${input.phone ? `, ${input.phone}` : ''}`,
        `Event type: ${type}`,
        `Date: ${input.eventDate}`,
        `Guests: ${input.guests}`,
        `Location: ${input.location}`,
        '',
        input.message ?? '(no message)',
      ].join('\n'),
    });
    return { message: INQUIRY_SENT };
  }
}
