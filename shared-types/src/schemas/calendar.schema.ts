import { z } from 'zod';

/** A calendar feed: its id is the ICS feed URL. */
export const calendarSchema = z.object({
  id: z.string(),
  name: z.string(),
  primary: z.boolean(),
  active: z.boolean(),
  lastSyncedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type Calendar = z.infer<typeof calendarSchema>;

export const CALENDAR_STATUSES = ['connected', 'partial', 'error', 'disconnected'] as const;
export const calendarStatusSchema = z.object({
  status: z.enum(CALENDAR_STATUSES),
  geocoding: z.enum(['available', 'unavailable']),
  calendars: z.array(calendarSchema),
});
export type CalendarStatus = z.infer<typeof calendarStatusSchema>;

/** An http(s) URL; webcal:// (how phones share feeds) is read as https://. */
export const feedUrlSchema = z
  .string({ message: 'calendarId must be the feed URL' })
  .trim()
  .min(1, 'calendarId must be the feed URL')
  .max(2000, 'calendarId is too long')
  .transform((v) => v.replace(/^webcals?:\/\//i, 'https://'))
  .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), 'calendarId must be an http(s) or webcal feed URL');

/** POST /api/events/calendar/{set-active, add-custom, set-primary, remove-custom}. */
export const calendarIdSchema = z.strictObject({
  calendarId: feedUrlSchema,
  name: z.string().trim().max(200, 'Must be at most 200 characters').optional(),
  active: z.boolean().optional(),
});
export type CalendarIdInput = z.input<typeof calendarIdSchema>;

export const initCalendarResultSchema = z.object({
  imported: z.number(),
  updated: z.number(),
  failed: z.number(),
  status: z.enum(CALENDAR_STATUSES),
});
export type InitCalendarResult = z.infer<typeof initCalendarResultSchema>;

/** GET /api/geocode?address= and /api/geocode/test?address=. */
export const geocodeQuerySchema = z.strictObject({
  address: z.string({ message: 'Address is required' }).trim().min(3, 'Address is required').max(500, 'Address is too long'),
});
export const geocodeResultSchema = z.object({ lat: z.number(), lng: z.number() });
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;
export const geocodeTestResultSchema = z.object({
  coordinates: geocodeResultSchema,
  address: z.string(),
  provider: z.enum(['nominatim', 'google']),
  cached: z.boolean(),
});
export type GeocodeTestResult = z.infer<typeof geocodeTestResultSchema>;

/** POST /api/geocode/init: a Google geocoding API key ('' removes it, back to Nominatim). */
export const geocodeInitSchema = z.strictObject({
  apiKey: z
    .string({ message: 'apiKey is required' })
    .trim()
    .max(200, 'apiKey is too long')
    .regex(/^[A-Za-z0-9_-]*$/, 'apiKey has unexpected characters'),
});

/** GET /api/events/map-config: the tile template of the server's TILE_URL. */
export const mapConfigSchema = z.object({ tileUrl: z.string(), attribution: z.string(), maxZoom: z.number() });
export type MapConfig = z.infer<typeof mapConfigSchema>;
