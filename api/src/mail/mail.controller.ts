import { NEXT_CURSOR_HEADER, type OutboxMessage } from '@cocoa/shared-types';
import { Controller, Get, Header, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { IdParamDto } from '../common/id-param.dto';
import { AdminOnly } from '../common/auth.guards';
import { OutboxQueryDto } from './mail.dto';
import { MailService } from './mail.service';

/** The outbox for the admin: every message with its delivery state; a failed one can be sent again. */
@Controller('mail')
@AdminOnly()
export class MailController {
  constructor(private readonly mail: MailService) {}

  /** Newest first, `?status=` to filter; bodies included (they may hold reset links: never cached). */
  @Get('outbox')
  @Header('Cache-Control', 'no-store')
  async outbox(@Query() query: OutboxQueryDto, @Res({ passthrough: true }) res: Response): Promise<OutboxMessage[]> {
    const { messages, nextCursor } = await this.mail.list(query);
    if (nextCursor) res.setHeader(NEXT_CURSOR_HEADER, nextCursor);
    return messages;
  }

  @Post('outbox/:id/retry')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  retry(@Param() params: IdParamDto): Promise<OutboxMessage> {
    return this.mail.retry(params.id);
  }
}
