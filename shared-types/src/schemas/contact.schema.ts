import { z } from 'zod';
import { idempotencyKeySchema } from './common.schema';

const required = (message: string, max: number) => z.string({ message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/**
 * POST /api/contact. `idempotencyKey`: made on the device (the PWA's outbox entry id); the same key
 * again is answered as the first time and stored once, the same key with another message is refused.
 */
export const contactSchema = z.strictObject({
  name: required('Name is required', 100),
  email: z.string({ message: 'Please enter a valid email address' }).trim().max(254).email('Please enter a valid email address'),
  subject: required('Subject is required', 200),
  message: required('Message is required', 5000),
  idempotencyKey: idempotencyKeySchema.optional(),
});
export type ContactInput = z.infer<typeof contactSchema>;
