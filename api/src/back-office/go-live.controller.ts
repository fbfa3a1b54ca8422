import type { GoLiveChecklist, GoLiveTestMail } from '@cocoa/shared-types';
import { goLiveTestMailConfirmQuerySchema } from '@cocoa/shared-types';
import { Controller, Get, HttpCode, Post, Query, Redirect } from '@nestjs/common';
import { AdminGet, AdminOnly } from '../common/auth.guards';
import { createZodDto } from '../common/zod-validation.pipe';
import { GoLiveService } from './go-live.service';

class MailConfirmQueryDto extends createZodDto(goLiveTestMailConfirmQuerySchema) {}

/** The go-live checklist on the admin's first screen (GoLiveService), and its test e-mail. */
@Controller('admin/go-live')
export class GoLiveController {
  constructor(private readonly goLive: GoLiveService) {}

  @AdminGet()
  checklist(): Promise<GoLiveChecklist> {
    return this.goLive.checklist();
  }

  @Post('test-mail')
  @AdminOnly()
  @HttpCode(202)
  testMail(): Promise<GoLiveTestMail> {
    return this.goLive.sendTestMail();
  }

  /**
   * The test e-mail's link, opened from the shop's mailbox (maybe on a device where nobody is signed
   * in: the signed token is the proof), then on to the admin's checklist. A bad or old link is a 4xx.
   */
  @Get('mail-confirmed')
  @Redirect('/admin?mail-test=confirmed', 303)
  async mailConfirmed(@Query() query: MailConfirmQueryDto): Promise<void> {
    await this.goLive.confirmTestMail(query.token);
  }
}
