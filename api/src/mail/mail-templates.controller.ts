import { Controller, Param } from '@nestjs/common';
import type { MailPreview, MailTemplateInfo } from '@cocoa/shared-types';
import { AdminGet } from '../common/auth.guards';
import { MailTemplatesService } from './mail-templates.service';
import { MailTemplateParams } from './mail.dto';

/** The e-mail templates for the admin: their list, and each one rendered with sample data. */
@Controller('mail/templates')
export class MailTemplatesController {
  constructor(private readonly templates: MailTemplatesService) {}

  @AdminGet()
  list(): MailTemplateInfo[] {
    return this.templates.list();
  }

  @AdminGet(':name/preview')
  preview(@Param() params: MailTemplateParams): Promise<MailPreview> {
    return this.templates.preview(params.name);
  }
}
