import { Column, Entity } from 'typeorm';
import { InboxMessageColumns } from '../database/inbox-message.columns';

@Entity('contact_messages')
export class ContactMessageEntity extends InboxMessageColumns {
  @Column({ type: 'varchar', length: 200 })
  subject: string;

  @Column({ type: 'text' })
  message: string;
}
