import { z } from 'zod';
import { queryWholeNumber } from './common.schema';
import { idParamSchema } from './id.schema';

/**
 * Where a message of the mail outbox is: queued (waiting for the job queue), sending (an attempt
 * under way), sent (the mail server took it), failed (every retry refused; the admin may retry),
 * kept (no SMTP_URL set: the admin reads it in the outbox, its delivery on a fresh machine).
 */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'kept'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  kept: 'Kept',
};

export const OUTBOX_PAGE_DEFAULT = 50;
export const OUTBOX_PAGE_MAX = 100;

/** GET /api/mail/outbox?status=&limit=&cursor= (newest first; the next cursor comes back in X-Next-Cursor). */
export const outboxQuerySchema = z.strictObject({
  status: z.enum(MAIL_STATUSES, { message: `status must be one of ${MAIL_STATUSES.join(', ')}` }).optional(),
  limit: queryWholeNumber('limit', 1, OUTBOX_PAGE_MAX).default(OUTBOX_PAGE_DEFAULT),
  /** The id of the last message of the previous page. */
  cursor: idParamSchema.optional(),
});
export type OutboxQuery = z.output<typeof outboxQuerySchema>;

/** One message as the admin reads it (the text part included: a kept message is read here). */
export const outboxMessageSchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  to: z.string(),
  subject: z.string(),
  template: z.string().nullable(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  hasHtml: z.boolean(),
  text: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
