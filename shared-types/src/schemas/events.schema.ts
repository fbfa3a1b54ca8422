import { z } from 'zod';
import { HH_MM_PATTERN } from '../time';
import { optionalText, queryWholeNumber } from './common.schema';
import { optionalLatitudeSchema, optionalLongitudeSchema, placePositionShape } from './coordinates.schema';

/** A scheduled location as GET /api/events answers it. date is an ISO date-time. */
export const scheduledEventSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  ...placePositionShape,
  date: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** The shop's IANA time zone: the day of `date` and the HH:MM times are read in it. */
  timeZone: z.string(),
  /** The calendar feed the stop is imported from (it is changed there, not here); null when the owner entered it. */
  calendarName: z.string().nullable(),
  /** Whether customers may order ahead for pickup at this stop (docs/order-ahead.md). */
  takesOrders: z.boolean(),
});
export type ScheduledEvent = z.infer<typeof scheduledEventSchema>;

const time = z
  .string()
  .trim()
  .refine((v) => v === '' || HH_MM_PATTERN.test(v), 'Time must be HH:MM')
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * Instants every database we run on reads back as written: UTC years 1 to 9999. Beyond them
 * PostgreSQL stores "1 BC" or "+010000" while PGlite, sent toISOString text, answered a 500.
 */
const EARLIEST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const LATEST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');
const isStorableInstant = (ms: number): boolean => ms >= EARLIEST_INSTANT && ms <= LATEST_INSTANT;

/** POST/PUT /api/events (the location form). */
export const eventInputSchema = z.strictObject({
  title: z.string({ message: 'Title is required' }).trim().min(1, 'Title is required').max(200),
  location: z.string({ message: 'Location name is required' }).trim().min(1, 'Location name is required').max(200),
  address: z.string({ message: 'Full address is required' }).trim().min(1, 'Full address is required').max(500),
  date: z.iso
    .datetime({ offset: true, message: 'Date is required' })
    .refine((v) => isStorableInstant(Date.parse(v)), 'Date must be between the years 1 and 9999'),
  description: optionalText(5000),
  startTime: time,
  endTime: time,
  latitude: optionalLatitudeSchema,
  longitude: optionalLongitudeSchema,
});
export type EventInput = z.input<typeof eventInputSchema>;

const isoInstant = (name: string) =>
  z
    .string({ message: `${name} must be an ISO date (YYYY-MM-DD) or date-time` })
    .refine(
      (v) => (z.iso.datetime({ offset: true }).safeParse(v).success || z.iso.date().safeParse(v).success) && !Number.isNaN(Date.parse(v)),
      `${name} must be an ISO date (YYYY-MM-DD) or date-time`,
    )
    .refine((v) => isStorableInstant(Date.parse(v)), `${name} must be between the years 1 and 9999`);

/** The most events one answer of GET /api/events carries (also its default page size). */
export const EVENTS_PAGE_MAX = 500;

/** The directions GET /api/events can list in: oldest first (the default) or newest first. */
export const EVENTS_ORDERS = ['asc', 'desc'] as const;

/**
 * GET /api/events: events from `from` (inclusive, default the first day of the current month)
 * until `to` (exclusive, default open), ordered by date then id, ascending unless `order` is
 * 'desc' (newest first: the admin's past locations). A date without time means midnight in the shop's time zone (the API
 * converts it; the schema keeps the text). At
 * most `limit` events (default and cap EVENTS_PAGE_MAX); when more follow, the answer's
 * X-Next-Cursor header holds the `cursor` of the next page in the same order (opaque to clients).
 */
export const eventsQuerySchema = z
  .object({
    from: isoInstant('from').optional(),
    to: isoInstant('to').optional(),
    limit: queryWholeNumber('limit', 1, EVENTS_PAGE_MAX).default(EVENTS_PAGE_MAX),
    cursor: z
      .string({ message: 'cursor is invalid' })
      .regex(/^-?\d{1,15}_\d{1,10}$/, 'cursor is invalid')
      .refine((v) => isStorableInstant(Number(v.split('_')[0])), 'cursor is invalid')
      .optional(),
    order: z.enum(EVENTS_ORDERS, { message: "order must be 'asc' or 'desc'" }).optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) > Date.parse(q.from), { message: 'to must be after from', path: ['to'] });
