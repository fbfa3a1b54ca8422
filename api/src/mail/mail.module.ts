import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailOutboxEntry } from './mail-outbox.entity';
import { MailController } from './mail.controller';
import { MailService } from './mail.service';

/** Global: any module may inject MailService. The admin reads the outbox through MailController. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([MailOutboxEntry])],
  controllers: [MailController],
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
