import { z } from 'zod';
import { latitudeSchema as latitude, longitudeSchema as longitude, placePositionShape } from './coordinates.schema';
import { idParamSchema } from './id.schema';

/**
 * The live tracker: the owner's check-in ("we're here"), its status, and what visitors
 * see. One current state for the whole shop (one cart); every change is kept as history.
 */

/** The cart's status while checked in. 'closed': closed for today (still shown, with its place, until check-out). */
export const LIVE_STATUSES = ['serving', 'late', 'closing', 'closed'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

export const LIVE_MINUTES_MAX = 240;
export const LIVE_LABEL_MAX = 200;
export const LIVE_PRODUCT_MAX = 100;
/** Products marked sold out at once, at most. */
export const LIVE_SOLD_OUT_MAX = 20;

const minutes = z
  .number({ message: 'Minutes must be a number' })
  .int('Minutes must be a whole number')
  .min(1, 'Minutes must be at least 1')
  .max(LIVE_MINUTES_MAX, `Minutes must be at most ${LIVE_MINUTES_MAX}`);

/** Where the cart is: one of today's scheduled stops, or a place the tablet reported. */
export const livePlaceSchema = z.object({
  /** The scheduled stop (scheduled_locations.id) checked in at, or null for 'somewhere else'. */
  stopId: z.number().nullable(),
  label: z.string(),
  ...placePositionShape,
});

/** GET /api/live and every message of GET /api/live/stream: the cart now. */
export const liveStateSchema = z.object({
  /** Checked in (any status, 'closed' included) until the owner checks out. */
  live: z.boolean(),
  place: livePlaceSchema.nullable(),
  status: z.enum(LIVE_STATUSES).nullable(),
  /** 'late': how late; 'closing': closing in how many minutes (counted from `updatedAt`). */
  minutes: z.number().nullable(),
  /** Products sold out at this check-in, in the order they sold out. */
  soldOut: z.array(z.string()),
  /** When the owner checked in (ISO instant), null when not live. */
  since: z.string().nullable(),
  /** When the state last changed (ISO instant); null before the first check-in ever. */
  updatedAt: z.string().nullable(),
  /** The shop's zone, for showing times. */
  timeZone: z.string(),
});
export type LiveState = z.infer<typeof liveStateSchema>;

/** POST /api/admin/live/check-in: at one of today's stops, or somewhere else (the tablet's position, its label editable). */
export const liveCheckInSchema = z.union(
  [
    z.strictObject({ stopId: idParamSchema, status: z.enum(LIVE_STATUSES).default('serving') }),
    z.strictObject({
      place: z.strictObject({
        label: z
          .string({ message: 'Please name the place' })
          .trim()
          .min(1, 'Please name the place')
          .max(LIVE_LABEL_MAX, `The place must be at most ${LIVE_LABEL_MAX} characters`),
        latitude,
        longitude,
      }),
      status: z.enum(LIVE_STATUSES).default('serving'),
    }),
  ],
  { message: 'Choose one of today’s stops, or somewhere else with its name and position' },
);
export type LiveCheckInInput = z.input<typeof liveCheckInSchema>;

/** POST /api/admin/live/status: one change while checked in. 'sold-out' adds a product; 'back-in-stock' takes it off. */
export const liveStatusChangeSchema = z.discriminatedUnion(
  'status',
  [
    z.strictObject({ status: z.literal('serving') }),
    z.strictObject({ status: z.literal('late'), minutes }),
    z.strictObject({ status: z.literal('closing'), minutes }),
    z.strictObject({ status: z.literal('closed') }),
    z.strictObject({
      status: z.literal('sold-out'),
      product: z
        .string({ message: 'Please name the product' })
        .trim()
        .min(1, 'Please name the product')
        .max(LIVE_PRODUCT_MAX, `The product must be at most ${LIVE_PRODUCT_MAX} characters`),
    }),
    z.strictObject({
      status: z.literal('back-in-stock'),
      product: z.string({ message: 'Please name the product' }).trim().min(1, 'Please name the product').max(LIVE_PRODUCT_MAX),
    }),
  ],
  { message: 'Status must be one of serving, late, closing, closed, sold-out, back-in-stock' },
);
export type LiveStatusChange = z.input<typeof liveStatusChangeSchema>;

/** GET /api/admin/live/reverse-geocode?lat=&lng=: a label for the tablet's position. */
export const liveReverseGeocodeQuerySchema = z.strictObject({
  lat: z.coerce.number({ message: 'Latitude must be a number' }).pipe(latitude),
  lng: z.coerce.number({ message: 'Longitude must be a number' }).pipe(longitude),
});
export const liveReverseGeocodeSchema = z.object({ label: z.string(), address: z.string().nullable() });
export type LiveReverseGeocode = z.infer<typeof liveReverseGeocodeSchema>;

/** One row of the check-in history (GET /api/admin/live/history), newest first. */
export const liveHistoryEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string(),
  /** 'check-in', 'serving', 'late', 'closing', 'closed', 'sold-out', 'back-in-stock', 'check-out' */
  type: z.string(),
  label: z.string().nullable(),
  minutes: z.number().nullable(),
  product: z.string().nullable(),
});
export type LiveHistoryEntry = z.infer<typeof liveHistoryEntrySchema>;
