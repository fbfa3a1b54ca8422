import { Injectable } from '@nestjs/common';
import type { MailPreview, MailTemplateInfo } from '@cocoa/shared-types';
import { NotFoundError } from '../common/domain-errors';
import { MailService } from './mail.service';
import { isMailTemplateName, mailTemplateList, previewMail } from './templates';

/** The admin's look at the e-mails the shop sends: each template rendered with its sample data, as this shop. */
@Injectable()
export class MailTemplatesService {
  constructor(private readonly mail: MailService) {}

  list(): MailTemplateInfo[] {
    return mailTemplateList();
  }

  /** Subject, HTML and text of template `name` with sample data; an unknown name is a 404. */
  async preview(name: string): Promise<MailPreview> {
    if (!isMailTemplateName(name)) throw new NotFoundError('There is no e-mail template with that name', 'MAIL_TEMPLATE_NOT_FOUND');
    return previewMail(name, await this.mail.identity());
  }
}
