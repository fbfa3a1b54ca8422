import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContactInboxService } from './contact-inbox.service';
import { ContactMessageEntity } from './contact-message.entity';
import { ContactController } from './contact.controller';
import { ContactService } from './contact.service';

/**
 * POST /api/contact: stored in contact_messages and mailed to CONTACT_TO. The owner's inbox (the
 * back office) reads the messages through ContactInboxService.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ContactMessageEntity])],
  controllers: [ContactController],
  providers: [ContactService, ContactInboxService],
  exports: [ContactInboxService],
})
export class ContactModule {}
