import { mailTemplateParamsSchema, outboxQuerySchema } from '@cocoa/shared-types';
import { createZodDto } from '../common/zod-validation.pipe';

export class OutboxQueryDto extends createZodDto(outboxQuerySchema) {}
/** Route params of /api/mail/templates/:name/preview */
export class MailTemplateParams extends createZodDto(mailTemplateParamsSchema) {}
