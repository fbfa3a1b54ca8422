import { z } from 'zod';
import { PICKUP_LEAD_MINUTES_MAX, PICKUP_PAUSED_MESSAGE_MAX, PICKUP_SLOT_CAPACITY_MAX, PICKUP_SLOT_MINUTES, type PickupSettings } from '../pickup';
import { optionalText, wholeNumber } from './common.schema';

/** PUT /api/admin/pickup/settings: every rule; '' or null message: the standard sentence. */
export const pickupSettingsInputSchema = z.strictObject({
  slotMinutes: wholeNumber('Slot length (minutes)', PICKUP_SLOT_MINUTES.min, PICKUP_SLOT_MINUTES.max),
  slotCapacity: wholeNumber('Orders per slot', 1, PICKUP_SLOT_CAPACITY_MAX),
  leadMinutes: wholeNumber('Lead time (minutes)', 0, PICKUP_LEAD_MINUTES_MAX),
  paused: z.boolean({ message: 'Paused must be true or false' }),
  pausedMessage: optionalText(PICKUP_PAUSED_MESSAGE_MAX),
}) satisfies z.ZodType<PickupSettings, unknown>;

/** PUT /api/admin/stops/:id/orders-ahead: whether the stop takes orders for pickup. */
export const stopOrdersAheadInputSchema = z.strictObject({
  takesOrders: z.boolean({ message: 'takesOrders must be true or false' }),
});

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
  takesOrders: z.boolean(),
  open: z.boolean(),
  reason: z.string().nullable(),
  slotMinutes: z.number().int(),
  slots: z.array(pickupSlotSchema),
});
export type StopPickup = z.infer<typeof stopPickupSchema>;
