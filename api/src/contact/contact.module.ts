import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BookingsModule } from '../bookings/bookings.module';
import { EventsModule } from '../events/events.module';
import { ContactMessageEntity } from './contact-message.entity';
import { ContactController } from './contact.controller';
import { ContactService } from './contact.service';
import { InboxReplyEntity } from './inbox-reply.entity';
import { InboxController } from './inbox.controller';
import { InboxService } from './inbox.service';

/**
 * POST /api/contact: stored in contact_messages and mailed to CONTACT_TO. The owner's inbox lives
 * here too (/api/admin/inbox): contact messages, event inquiries read through EventsModule and
 * booking requests read through BookingsModule.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ContactMessageEntity, InboxReplyEntity]), EventsModule, BookingsModule],
  controllers: [ContactController, InboxController],
  providers: [ContactService, InboxService],
  exports: [InboxService],
})
export class ContactModule {}
