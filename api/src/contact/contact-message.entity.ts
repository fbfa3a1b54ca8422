import { Entity } from 'typeorm';
import { Text, Varchar } from '../common/typed-columns';
import { InboxMessageColumns } from '../database/inbox-message.columns';

@Entity('contact_messages')
export class ContactMessageEntity extends InboxMessageColumns {
  @Varchar(200) subject: string;
  @Text() message: string;
}
