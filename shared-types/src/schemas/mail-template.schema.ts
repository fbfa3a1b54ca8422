import { z } from 'zod';

/** GET /api/mail/templates (admin): each e-mail template the shop sends, with a label people read. */
export const mailTemplateInfoSchema = z.object({ name: z.string(), label: z.string() });
export type MailTemplateInfo = z.infer<typeof mailTemplateInfoSchema>;

/** GET /api/mail/templates/{name}/preview (admin): the template rendered with sample data. */
export const mailPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type MailPreview = z.infer<typeof mailPreviewSchema>;

/** Route params of GET /api/mail/templates/{name}/preview: a template's name is lower-case words joined by hyphens. */
export const mailTemplateParamsSchema = z.strictObject({
  name: z
    .string()
    .regex(/^[a-z]+(-[a-z]+)*$/, 'A template name is lower-case words joined by hyphens')
    .max(60, 'A template name is at most 60 characters'),
});
