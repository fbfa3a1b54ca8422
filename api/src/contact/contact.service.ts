import type { ContactInput } from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { storeInboxMessageOnce } from '../database/inbox-message.columns';
import { MailService } from '../mail/mail.service';
import { ContactMessageEntity } from './contact-message.entity';

export const CONTACT_SENT = 'Message sent';

/** The contact form: every message is stored, then mailed to the shop (CONTACT_TO) and acknowledged to its sender. */
@Injectable()
export class ContactService {
  constructor(
    @InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>,
    private readonly mail: MailService,
  ) {}

  /** Stored, copied to the shop (reply-to the sender) and acknowledged to the sender, in one transaction; once per idempotency key. */
  async submit(input: ContactInput): Promise<{ message: string }> {
    const { idempotencyKey, ...fields } = input;
    await storeInboxMessageOnce(this.messages, fields, idempotencyKey ?? null, {
      refusal: 'This request key was already used for another message. Please send your message again.',
      mail: async (m) => {
        await this.mail.queueShopCopy({ kind: 'contact', name: input.name, email: input.email, subject: input.subject, message: input.message }, m);
        await this.mail.queue({ to: input.email, template: 'contact-ack', data: { name: input.name } }, m);
      },
    });
    return { message: CONTACT_SENT };
  }
}
