import { Controller, Get, Param } from '@nestjs/common';
import type { MailPreview, MailTemplateInfo } from '@cocoa/shared-types';
import { AdminOnly } from '../common/auth.guards';
import { MailTemplatesService } from './mail-templates.service';
import { MailTemplateParams } from './mail.dto';

/** The e-mail templates for the admin: their list, and each one rendered with sample data. */
@Controller('mail/templates')
@AdminOnly()
export class MailTemplatesController {
  constructor(private readonly templates: MailTemplatesService) {}

  @Get()
  list(): MailTemplateInfo[] {
    return this.templates.list();
  }

  @Get(':name/preview')
  preview(@Param() params: MailTemplateParams): Promise<MailPreview> {
    return this.templates.preview(params.name);
  }
}
