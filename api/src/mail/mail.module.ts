import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SettingsModule } from '../settings/settings.module';
import { MailOutboxEntry } from './mail-outbox.entity';
import { MailTemplatesController } from './mail-templates.controller';
import { MailTemplatesService } from './mail-templates.service';
import { MailController } from './mail.controller';
import { MailService } from './mail.service';

/** Global: any module may inject MailService. The admin reads the outbox through MailController. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([MailOutboxEntry]), SettingsModule],
  controllers: [MailController, MailTemplatesController],
  providers: [MailService, MailTemplatesService],
  exports: [MailService],
})
export class MailModule {}
