import { z } from 'zod';
import { DEFAULT_COUNTRY } from '../constants';
import {
  PICKUP_DELAYS,
  PICKUP_LEAD_MINUTES_MAX,
  PICKUP_NAME_MAX,
  PICKUP_PAUSED_MESSAGE_MAX,
  PICKUP_SLOT_CAPACITY_MAX,
  PICKUP_SLOT_MINUTES,
  PICKUP_STATES,
  type PickupSettings,
  type PickupStatus,
} from '../pickup';
import { formatParsedPhone, parsePhone, phoneMessage } from './checkout.schema';
import { productOptionGroupSchema } from './catalogue.schema';
import { emailSchema, optionalText, wholeNumber } from './common.schema';

/** PUT /api/admin/pickup/settings: every rule; '' or null message: the standard sentence. */
export const pickupSettingsInputSchema = z.strictObject({
  slotMinutes: wholeNumber('Slot length (minutes)', PICKUP_SLOT_MINUTES.min, PICKUP_SLOT_MINUTES.max),
  slotCapacity: wholeNumber('Orders per slot', 1, PICKUP_SLOT_CAPACITY_MAX),
  leadMinutes: wholeNumber('Lead time (minutes)', 0, PICKUP_LEAD_MINUTES_MAX),
  paused: z.boolean({ message: 'Paused must be true or false' }),
  pausedMessage: optionalText(PICKUP_PAUSED_MESSAGE_MAX),
  autoAccept: z.boolean({ message: 'Accept orders by themselves must be true or false' }).default(true),
}) satisfies z.ZodType<PickupSettings, unknown>;

/** PUT /api/admin/stops/:id/orders-ahead: whether the stop takes orders for pickup. */
export const stopOrdersAheadInputSchema = z.strictObject({
  takesOrders: z.boolean({ message: 'takesOrders must be true or false' }),
});

/** One product on the cart's order-ahead menu; sold out at the cart (the live status's list) or out of stock. */
export const pickupMenuItemSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** Dollars. */
  price: z.number(),
  imageUrl: z.string().nullable(),
  soldOut: z.boolean(),
  /** Its options (size, milk, toppings) and their price changes. */
  options: z.array(productOptionGroupSchema),
});
export type PickupMenuItem = z.infer<typeof pickupMenuItemSchema>;

export const pickupSlotSchema = z.object({
  /** ISO instants. */
  start: z.string(),
  end: z.string(),
  /** Orders the slot still takes. */
  left: z.number().int(),
});

/**
 * GET /api/stops/:id/pickup: whether a customer can order ahead for this stop now, and the slots
 * still open. `open` is false (with `reason` for the customer) when the stop does not take orders,
 * the shop is paused, the stop is out of range, or every slot is past or full.
 */
export const stopPickupSchema = z.object({
  stopId: z.number().int(),
  /** The stop as its page shows it. */
  stop: z.object({
    name: z.string(),
    address: z.string().nullable(),
    /** 'YYYY-MM-DD' in the shop's zone, and wall-clock 'HH:MM' times (null: all day). */
    date: z.string(),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
  }),
  /** What the cart makes for pickup, cheapest first within the owner's order (empty when nothing is marked sold at the cart). */
  menu: z.array(pickupMenuItemSchema),
  takesOrders: z.boolean(),
  open: z.boolean(),
  reason: z.string().nullable(),
  slotMinutes: z.number().int(),
  slots: z.array(pickupSlotSchema),
  /** The shop's zone (IANA): the stop's day and times, and the slots, read on its clock. */
  timeZone: z.string(),
  /**
   * While the cart is serving at this stop: "as soon as possible" is the first open slot, ready
   * about `estimate` (ISO; the lead time from now, or the slot's start if later). Null otherwise.
   */
  asap: z.object({ slotStart: z.string(), estimate: z.string() }).nullable(),
});
export type StopPickup = z.infer<typeof stopPickupSchema>;

/**
 * A pickup order's contact, as the stop's order form sends it: a name for the cup, and an e-mail or
 * a phone (or both); the e-mail gets the receipt and "ready", the phone is for the owner to call.
 */
export const pickupContactSchema = z
  .strictObject({
    stopId: z.number({ message: 'Choose a stop' }).int('Choose a stop').positive('Choose a stop').max(2147483647, 'Choose a stop'),
    slotStart: z.string({ message: 'Choose a pickup time' }).datetime({ offset: true, message: 'Choose a pickup time' }),
    name: z.string({ message: 'Your name is required' }).trim().min(1, 'Your name is required').max(PICKUP_NAME_MAX, `At most ${PICKUP_NAME_MAX} characters`),
    email: z.union([z.literal(''), emailSchema]).optional(),
    phone: z.string().trim().max(30, 'Valid phone number is required').optional(),
  })
  .superRefine((data, ctx) => {
    if (!data.email && !data.phone)
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Give an e-mail or a phone number so we can tell you it is ready' });
    if (data.phone && !parsePhone(data.phone)) ctx.addIssue({ code: 'custom', path: ['phone'], message: phoneMessage(DEFAULT_COUNTRY) });
  })
  .transform((data) => ({
    stopId: data.stopId,
    slotStart: data.slotStart,
    name: data.name,
    email: data.email ? data.email.toLowerCase() : null,
    phone: data.phone ? formatParsedPhone(parsePhone(data.phone)!) : null,
  }));
export type PickupContactInput = z.input<typeof pickupContactSchema>;

/** A pickup order's own part of GET /api/orders/{id}: where, when, its code and its state. */
export const pickupOrderSchema = z.object({
  stopId: z.number().int(),
  stopName: z.string(),
  address: z.string().nullable(),
  /** ISO instants: the slot chosen, and the time to come (the slot moved by any delay). */
  slotStart: z.string(),
  pickupAt: z.string(),
  delayMinutes: z.number().int(),
  code: z.string(),
  status: z.enum(PICKUP_STATES),
  name: z.string(),
  /** The shop's zone (IANA), for the times above as the cart's clock reads them. */
  timeZone: z.string(),
});
export type PickupOrder = z.infer<typeof pickupOrderSchema>;

/** One order in the owner's pickup queue (GET /api/admin/pickup/orders). */
export const pickupQueueOrderSchema = pickupOrderSchema.extend({
  id: z.string(),
  orderNumber: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  total: z.number(),
  tip: z.number(),
  testMode: z.boolean(),
  createdAt: z.string(),
  /** The states the owner may move it to now. */
  moves: z.array(z.enum(PICKUP_STATES)),
});
export type PickupQueueOrder = z.infer<typeof pickupQueueOrderSchema>;

/** GET /api/admin/pickup/orders?date=YYYY-MM-DD (default: today in the shop's zone). */
export const pickupQueueQuerySchema = z.strictObject({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD')
    .optional(),
});

/** The states the owner moves an order to ('placed' is where a paid order starts). */
const PICKUP_MOVE_TARGETS = PICKUP_STATES.filter((s): s is Exclude<PickupStatus, 'placed'> => s !== 'placed');

/** POST /api/admin/pickup/orders/:id/move */
export const pickupMoveSchema = z.strictObject({
  to: z.enum(PICKUP_MOVE_TARGETS, { message: `to must be one of ${PICKUP_MOVE_TARGETS.join(', ')}` }),
  /** Said to the customer when the owner cancels (and refunds). */
  reason: z.string().trim().max(500).optional(),
});

/** POST /api/admin/stops/:id/pickup-delay: every open order of the stop moves by these minutes. */
export const pickupDelaySchema = z.strictObject({
  minutes: z.union(PICKUP_DELAYS.map((m) => z.literal(m)) as unknown as [z.ZodLiteral<5>, z.ZodLiteral<10>, z.ZodLiteral<15>], {
    message: `minutes must be one of ${PICKUP_DELAYS.join(', ')}`,
  }),
});
