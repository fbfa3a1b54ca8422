import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailOutboxEntry } from './mail-outbox.entity';
import { MailService } from './mail.service';

/** Global: any module may inject MailService. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([MailOutboxEntry])],
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
