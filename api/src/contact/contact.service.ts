import type { ContactInput } from '@cocoa/shared-types';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ConflictError } from '../common/domain-errors';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { MailService } from '../mail/mail.service';
import { ContactMessageEntity } from './contact-message.entity';

export const CONTACT_SENT = 'Message sent';

type ContactFields = Omit<ContactInput, 'idempotencyKey'>;

/** The contact form: every message is stored, then mailed to the shop (CONTACT_TO) and acknowledged to its sender. */
@Injectable()
export class ContactService {
  constructor(
    @InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Stored, copied to the shop (reply-to the sender) and acknowledged to the sender, in one
   * transaction. With an idempotency key (a message kept on the device while offline and sent again
   * when the network is back), the same key again is answered as the first time, with nothing
   * stored or mailed again; the same key with another message is refused (409), never taken for it.
   */
  async submit(input: ContactInput): Promise<{ message: string }> {
    const { idempotencyKey, ...fields } = input;
    const key = idempotencyKey ?? null;
    const earlier = key ? await this.messages.findOneBy({ idempotencyKey: key }) : null;
    if (earlier) return replay(earlier, fields);
    const stored = await this.messages.manager.transaction(async (m) => {
      // A concurrent request with the same key that committed first leaves no row here (the unique index).
      const inserted = await m
        .createQueryBuilder()
        .insert()
        .into(ContactMessageEntity)
        .values({ ...fields, idempotencyKey: key })
        .orIgnore()
        .returning('id')
        .execute();
      if (!(inserted.raw as unknown[]).length) return false;
      await this.mail.queue(
        {
          to: 'shop',
          replyTo: { name: input.name, address: input.email },
          template: 'shop-message',
          data: {
            kind: 'contact',
            name: input.name,
            email: input.email,
            subject: input.subject,
            message: input.message,
            adminUrl: `${this.config.publicUrl}/admin?tab=inbox`,
          },
        },
        m,
      );
      await this.mail.queue({ to: input.email, template: 'contact-ack', data: { name: input.name } }, m);
      return true;
    });
    if (!stored) return replay(await this.messages.findOneByOrFail({ idempotencyKey: key! }), fields);
    return { message: CONTACT_SENT };
  }
}

/** The answer to a retry of a stored message: the first one's, when it is the same message. */
function replay(earlier: ContactMessageEntity, fields: ContactFields): { message: string } {
  const same = earlier.name === fields.name && earlier.email === fields.email && earlier.subject === fields.subject && earlier.message === fields.message;
  if (!same) throw new ConflictError('This request key was already used for another message. Please send your message again.', 'IDEMPOTENCY_KEY_REUSED');
  return { message: CONTACT_SENT };
}
