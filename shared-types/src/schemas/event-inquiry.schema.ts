import { z } from 'zod';
import { emailSchema, idempotencyKeySchema, optionalText } from './common.schema';
import { EVENT_TYPES } from '../event-types';

export const MAX_EVENT_GUESTS = 10000;

const required = (message: string, max: number) => z.string({ message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/**
 * POST /api/events/inquiries: an event booking inquiry from the Events page. `idempotencyKey` as
 * on the contact form: the same key again is stored once, with another inquiry it is refused.
 */
export const eventInquirySchema = z.strictObject({
  name: required('Name is required', 100),
  email: emailSchema,
  phone: optionalText(30),
  eventType: z.enum(EVENT_TYPES, { message: 'Please choose an event type' }),
  eventDate: z
    .string({ message: 'Event date is required' })
    .trim()
    .min(1, 'Event date is required')
    .pipe(z.iso.date({ message: 'Event date must be a date (YYYY-MM-DD)' })),
  guests: z
    .number({ message: 'Number of guests is required' })
    .int('Number of guests must be a whole number')
    .min(1, 'Number of guests must be at least 1')
    .max(MAX_EVENT_GUESTS, `Number of guests must be at most ${MAX_EVENT_GUESTS}`),
  location: required('Event location is required', 300),
  message: optionalText(5000),
  idempotencyKey: idempotencyKeySchema.optional(),
});
export type EventInquiryInput = z.input<typeof eventInquirySchema>;
export type EventInquiry = z.output<typeof eventInquirySchema>;
