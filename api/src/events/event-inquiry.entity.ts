import { Column, Entity } from 'typeorm';
import { Int, Text, Varchar } from '../common/typed-columns';
import { InboxMessageColumns } from '../database/inbox-message.columns';

/** An event booking inquiry from the Events page. */
@Entity('event_inquiries')
export class EventInquiryEntity extends InboxMessageColumns {
  @Varchar(30, { nullable: true }) phone: string | null;
  @Varchar(20) eventType: string;

  /** 'YYYY-MM-DD' */
  @Column({ type: 'date' }) eventDate: string;
  @Int() guests: number;
  @Varchar(300) location: string;
  @Text({ nullable: true }) message: string | null;
}
