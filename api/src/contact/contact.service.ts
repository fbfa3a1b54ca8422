import type { ContactInput } from '@cocoa/shared-types';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { MailService } from '../mail/mail.service';
import { ContactMessageEntity } from './contact-message.entity';

export const CONTACT_SENT = 'Message sent';

/** The contact form: every message is stored, then mailed to the shop (CONTACT_TO) and acknowledged to its sender. */
@Injectable()
export class ContactService {
  constructor(
    @InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Stored, copied to the shop (reply-to the sender) and acknowledged to the sender, in one transaction. */
  async submit(input: ContactInput): Promise<{ message: string }> {
    await this.messages.manager.transaction(async (m) => {
      await m.save(m.create(ContactMessageEntity, input));
      await this.mail.queue(
        {
          to: 'shop',
          replyTo: { name: input.name, address: input.email },
          template: 'shop-message',
          data: { kind: 'contact', name: input.name, email: input.email, subject: input.subject, message: input.message, adminUrl: `${this.config.publicUrl}/admin?tab=inbox` },
        },
        m,
      );
      await this.mail.queue({ to: input.email, template: 'contact-ack', data: { name: input.name } }, m);
    });
    return { message: CONTACT_SENT };
  }
}
