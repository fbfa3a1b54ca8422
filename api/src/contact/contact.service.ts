import type { ContactInput } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { MailService } from '../mail/mail.service';
import { ContactMessageEntity } from './contact-message.entity';

export const CONTACT_SENT = 'Message sent';

/** The contact form: every message is stored, then mailed to the shop (CONTACT_TO). */
@Injectable()
export class ContactService {
  constructor(
    @InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>,
    private readonly mail: MailService,
  ) {}

  async submit(input: ContactInput): Promise<{ message: string }> {
    const saved = await this.messages.save(this.messages.create(input));
    await this.mail.sendToShop({
      subject: `Contact form: ${input.subject}`,
      replyTo: { name: input.name, address: input.email },
      text: [
        `New message from the contact form (#${saved.id}).`,
        '',
        `From: ${input.name} <${input.email}>`,
        `Subject: ${input.subject}`,
        '',
        input.message,
      ].join('\n'),
    });
    return { message: CONTACT_SENT };
  }
}
