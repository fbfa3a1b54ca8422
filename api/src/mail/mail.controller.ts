import { Controller, Get, Header } from '@nestjs/common';
import { AdminOnly } from '../common/auth.guards';
import { MailService, type OutboxMessage } from './mail.service';

/** The outbox for the admin: messages kept because no SMTP_URL is set or the server refused them. */
@Controller('mail')
@AdminOnly()
export class MailController {
  constructor(private readonly mail: MailService) {}

  /** The newest 100, bodies included (they may hold reset links: never cached). */
  @Get('outbox')
  @Header('Cache-Control', 'no-store')
  outbox(): Promise<OutboxMessage[]> {
    return this.mail.kept();
  }
}
