import { idParamSchema, mailTemplateParamsSchema, outboxQuerySchema } from '@cocoa/shared-types';
import { z } from 'zod';
import { createZodDto } from '../common/zod-validation.pipe';

export class OutboxQueryDto extends createZodDto(outboxQuerySchema) {}
/** Route params of /api/mail/outbox/:id/... */
export class OutboxParams extends createZodDto(z.strictObject({ id: idParamSchema })) {}
/** Route params of /api/mail/templates/:name/preview */
export class MailTemplateParams extends createZodDto(mailTemplateParamsSchema) {}
