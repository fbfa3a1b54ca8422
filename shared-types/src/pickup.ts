import type { StatusTone } from './status-tone';
import { DAY_MS, HH_MM_PATTERN } from './time';
import { dayIn, instantOf } from './time-zone';

/**
 * Ordering ahead for pickup at the cart's stops (docs/order-ahead.md): the owner's rules, and the
 * pickup times they give a stop. Server and app compute slots here and nowhere else.
 */
export interface PickupSettings {
  /** Length of a pickup slot, in minutes. */
  slotMinutes: number;
  /** Orders one slot takes at most. */
  slotCapacity: number;
  /** Minutes from now to the first slot offered: the time to make the order. */
  leadMinutes: number;
  /** Busy mode: no new orders ahead, anywhere, until the owner switches it off. */
  paused: boolean;
  /** What customers read while orders are paused; null for the standard sentence. */
  pausedMessage: string | null;
  /** A paid order is accepted at once; off, the owner accepts each one on the queue. */
  autoAccept: boolean;
}

export const PICKUP_SETTINGS_DEFAULTS: Readonly<PickupSettings> = {
  slotMinutes: 15,
  slotCapacity: 10,
  leadMinutes: 20,
  paused: false,
  pausedMessage: null,
  autoAccept: true,
};

export const PICKUP_SLOT_MINUTES = { min: 5, max: 60 } as const;
export const PICKUP_SLOT_CAPACITY_MAX = 200;
export const PICKUP_LEAD_MINUTES_MAX = 24 * 60;
export const PICKUP_PAUSED_MESSAGE_MAX = 200;
/** A stop takes orders from today up to this many days ahead (in the shop's zone). */
export const PICKUP_DAYS_AHEAD = 14;

export const PICKUP_PAUSED_DEFAULT_MESSAGE = 'We are not taking orders ahead right now. Come and see us at the cart!';

/** What a paused shop says to a customer. */
export function pausedMessage(settings: Pick<PickupSettings, 'pausedMessage'>): string {
  return settings.pausedMessage ?? PICKUP_PAUSED_DEFAULT_MESSAGE;
}

/** A stop as the slots need it: its day ('YYYY-MM-DD' in the shop's zone) and wall-clock times. */
export interface PickupStop {
  day: string;
  startTime: string | null;
  endTime: string | null;
}

export interface PickupSlotTime {
  start: Date;
  end: Date;
}

/**
 * The pickup slots of a stop from its start to its end, `slotMinutes` long (the last one ends with
 * the stop), in the shop's zone. None for an all-day stop (no times: the owner sets times to take
 * orders), a stop in the past, or one more than PICKUP_DAYS_AHEAD days ahead. A stop whose end is
 * not after its start ends the next day (an evening market past midnight).
 */
export function pickupSlotTimes(stop: PickupStop, timeZone: string, slotMinutes: number): PickupSlotTime[] {
  if (!stop.startTime || !stop.endTime || !HH_MM_PATTERN.test(stop.startTime) || !HH_MM_PATTERN.test(stop.endTime)) return [];
  if (!(slotMinutes >= PICKUP_SLOT_MINUTES.min && slotMinutes <= PICKUP_SLOT_MINUTES.max)) return [];
  const [year, month, day] = stop.day.split('-').map(Number);
  const at = (time: string, dayOffset = 0) => {
    const [hour, minute] = time.split(':').map(Number);
    return instantOf({ year, month, day: day + dayOffset, hour, minute }, timeZone);
  };
  const start = at(stop.startTime);
  let end = at(stop.endTime);
  if (end <= start) end = at(stop.endTime, 1);
  const slots: PickupSlotTime[] = [];
  for (let t = start.getTime(); t < end.getTime(); t += slotMinutes * 60_000) {
    slots.push({ start: new Date(t), end: new Date(Math.min(t + slotMinutes * 60_000, end.getTime())) });
  }
  return slots;
}

/** Whether a stop's day lies between today and PICKUP_DAYS_AHEAD days ahead, in the shop's zone. */
export function withinPickupDays(stopDay: string, now: Date, timeZone: string): boolean {
  const today = dayIn(now, timeZone);
  const last = dayIn(new Date(now.getTime() + PICKUP_DAYS_AHEAD * DAY_MS), timeZone);
  return stopDay >= today && stopDay <= last;
}

/** The slots a customer may pick now: far enough ahead for the lead time. */
export function bookablePickupSlots(slots: readonly PickupSlotTime[], now: Date, leadMinutes: number): PickupSlotTime[] {
  const earliest = now.getTime() + leadMinutes * 60_000;
  return slots.filter((slot) => slot.start.getTime() >= earliest);
}

/**
 * A pickup order's states (docs/order-ahead.md): placed once paid, accepted (at once while the
 * owner lets orders accept themselves, else by the owner), preparing, ready, picked up; cancelled
 * (refunded), or not collected. Both the server's state machine and the owner's buttons read these.
 */
export const PICKUP_STATES = ['placed', 'accepted', 'preparing', 'ready', 'picked_up', 'cancelled', 'not_collected'] as const;
export type PickupStatus = (typeof PICKUP_STATES)[number];

export const PICKUP_MOVES: Readonly<Record<PickupStatus, readonly PickupStatus[]>> = {
  placed: ['accepted', 'cancelled'],
  accepted: ['preparing', 'ready', 'cancelled'],
  preparing: ['ready', 'cancelled'],
  ready: ['picked_up', 'not_collected', 'cancelled'],
  picked_up: [],
  cancelled: [],
  not_collected: [],
};

/** The states an order is still waiting in: a delay moves these, the queue lists them first. */
export const PICKUP_OPEN_STATES: readonly PickupStatus[] = ['placed', 'accepted', 'preparing', 'ready'];

/** What the customer reads for each state. */
export const PICKUP_STATUS_LABELS: Readonly<Record<PickupStatus, string>> = {
  placed: 'Received',
  accepted: 'Accepted',
  preparing: 'Being made',
  ready: 'Ready',
  picked_up: 'Picked up',
  cancelled: 'Cancelled',
  not_collected: 'Not collected',
};

/** Ready and picked up went well; cancelled and not collected stopped; the rest show plain. */
export const PICKUP_STATUS_TONES: Readonly<Partial<Record<PickupStatus, StatusTone>>> = {
  ready: 'done',
  picked_up: 'done',
  cancelled: 'stopped',
  not_collected: 'stopped',
};

/** On the owner's queue only a ready order stands out (a closed order's whole card is set apart). */
export const PICKUP_QUEUE_TONES: Readonly<Partial<Record<PickupStatus, StatusTone>>> = { ready: 'done' };

/** The owner's button for moving an order to each state. */
export const PICKUP_ACTION_LABELS: Readonly<Record<PickupStatus, string>> = {
  placed: 'Placed',
  accepted: 'Accept',
  preparing: 'Start making',
  ready: 'Mark ready',
  picked_up: 'Picked up',
  cancelled: 'Cancel and refund',
  not_collected: 'Not collected',
};

/** A pickup order's name (what the cart calls out). */
export const PICKUP_NAME_MAX = 60;

/** The delays the owner can announce for a stop's open orders, in minutes. */
export const PICKUP_DELAYS = [5, 10, 15] as const;
export type PickupDelay = (typeof PICKUP_DELAYS)[number];

/** The tip buttons, in percent of the subtotal; "none" and an amount typed are the others. */
export const PICKUP_TIP_PERCENTS = [10, 15, 20] as const;
/** A tip above this is refused as a slip of the finger. */
export const PICKUP_TIP_MAX_CENTS = 100_00;

/**
 * A pickup code: 4 characters a person can read aloud and type on a till, without the ones that
 * look alike (0/O, 1/I).
 */
export const PICKUP_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const PICKUP_CODE_LENGTH = 4;

/** A pickup code from random bytes (at least PICKUP_CODE_LENGTH of them). */
export function pickupCodeOf(bytes: ArrayLike<number>): string {
  let code = '';
  for (let i = 0; i < PICKUP_CODE_LENGTH; i++) code += PICKUP_CODE_ALPHABET[bytes[i] % PICKUP_CODE_ALPHABET.length];
  return code;
}

/** The time the customer is told to come: the slot's start, moved by the delays announced. */
export function pickupTimeOf(slotStart: Date | string, delayMinutes: number): Date {
  return new Date(new Date(slotStart).getTime() + delayMinutes * 60_000);
}
