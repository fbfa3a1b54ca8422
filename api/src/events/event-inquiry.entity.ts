import { Column, Entity } from 'typeorm';
import { InboxMessageColumns } from '../database/inbox-message.columns';

/** An event booking inquiry from the Events page. */
@Entity('event_inquiries')
export class EventInquiryEntity extends InboxMessageColumns {
  @Column({ type: 'varchar', length: 30, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 20 })
  eventType: string;

  /** 'YYYY-MM-DD' */
  @Column({ type: 'date' })
  eventDate: string;

  @Column({ type: 'integer' })
  guests: number;

  @Column({ type: 'varchar', length: 300 })
  location: string;

  @Column({ type: 'text', nullable: true })
  message: string | null;
}
