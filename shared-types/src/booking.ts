import { percentOfCents } from './money';
import type { StatusTone } from './status-tone';
import { DAY_MS } from './time';

/**
 * Event bookings, written once for the API and the PWA: the states a booking moves
 * through and the moves allowed between them, the estimate and deposit rules, the cancellation
 * policy, the booking reference, and the calendar-day arithmetic they use. Money is integer cents;
 * days are 'YYYY-MM-DD' in the shop's time zone; times are 'HH:MM' on the shop's wall clock.
 *
 * - requested: the customer asked; the owner has not answered yet.
 * - awaiting_deposit: the owner accepted (with the quote, perhaps adjusted); the deposit is due.
 * - confirmed: the deposit is paid; the day is taken.
 * - balance_due: the balance fell due (N days before the event); a reminder went out.
 * - completed: the balance is paid, or the event is over.
 * - declined: the owner said no. cancelled: called off by the customer or the owner.
 *
 * Decision: a customer may also withdraw a request the owner has not answered yet
 * (requested → cancelled; nothing was paid, so nothing is refunded).
 */
export const BOOKING_STATES = ['requested', 'awaiting_deposit', 'confirmed', 'balance_due', 'completed', 'declined', 'cancelled'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

export const BOOKING_MOVES: Readonly<Record<BookingState, readonly BookingState[]>> = {
  requested: ['awaiting_deposit', 'declined', 'cancelled'],
  awaiting_deposit: ['confirmed', 'cancelled'],
  confirmed: ['balance_due', 'cancelled', 'completed'],
  balance_due: ['completed', 'cancelled'],
  completed: [],
  declined: [],
  cancelled: [],
};

export function canMoveBooking(from: BookingState, to: BookingState): boolean {
  return BOOKING_MOVES[from].includes(to);
}

/** The states in which the booking's day is taken: another request cannot pick it. */
export const BOOKING_DAY_TAKEN_STATES: readonly BookingState[] = ['confirmed', 'balance_due', 'completed'];

/**
 * Whether a booking shows on the tracker's schedule, the owner's choice:
 * 'none' not at all; 'public' as a stop with the package's name, the venue and its address;
 * 'private' as a stop titled "Private event" with no place. The stop exists while the day is
 * taken (confirmed, balance due, completed: a completed one stays as the record of where the shop
 * was) and goes when the booking is cancelled.
 */
export const BOOKING_TRACKER_CHOICES = ['none', 'public', 'private'] as const;
export type BookingTrackerChoice = (typeof BOOKING_TRACKER_CHOICES)[number];

export const BOOKING_TRACKER_LABELS: Readonly<Record<BookingTrackerChoice, string>> = {
  none: 'Not shown',
  public: 'Public: title and place',
  private: 'Private event',
};

/** The title a private booking's stop shows on the tracker. */
export const BOOKING_PRIVATE_STOP_TITLE = 'Private event';

/** Whether the booking has a stop on the tracker now. */
export function bookingHasStop(state: BookingState, tracker: BookingTrackerChoice): boolean {
  return tracker !== 'none' && BOOKING_DAY_TAKEN_STATES.includes(state);
}

/** The longest note a booking request, a cancellation or an owner's note may carry. */
export const BOOKING_NOTE_MAX = 2000;

/** Labels as the customer's status page and the owner's Bookings list show them. */
export const BOOKING_STATE_LABELS: Readonly<Record<BookingState, string>> = {
  requested: 'Requested',
  awaiting_deposit: 'Awaiting deposit',
  confirmed: 'Confirmed',
  balance_due: 'Balance due',
  completed: 'Completed',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

/** A payment due waits on the customer; confirmed and completed went well; declined and cancelled stopped. */
export const BOOKING_STATE_TONES: Readonly<Partial<Record<BookingState, StatusTone>>> = {
  awaiting_deposit: 'waiting',
  balance_due: 'waiting',
  confirmed: 'done',
  completed: 'done',
  declined: 'stopped',
  cancelled: 'stopped',
};

/** The owner's Bookings tab colours the same, except that a new request stands out as under way. */
export const BOOKING_ADMIN_STATE_TONES: Readonly<Partial<Record<BookingState, StatusTone>>> = { ...BOOKING_STATE_TONES, requested: 'moving' };

export const BOOKING_PAYMENT_KINDS = ['deposit', 'balance'] as const;
export type BookingPaymentKind = (typeof BOOKING_PAYMENT_KINDS)[number];

/**
 * The state a payment of each kind may be made in. Decision: the balance is paid once it falls
 * due, not earlier: a booking paid in full is completed, and a completed booking can no longer be
 * cancelled, which must not happen weeks before the event while the policy would still refund.
 */
export const BOOKING_PAYABLE_IN: Readonly<Record<BookingPaymentKind, readonly BookingState[]>> = {
  deposit: ['awaiting_deposit'],
  balance: ['balance_due'],
};

/** Where a paid amount moves the booking: the deposit confirms it, the balance completes it. */
export const BOOKING_PAID_MOVES: Readonly<Record<BookingPaymentKind, BookingState>> = {
  deposit: 'confirmed',
  balance: 'completed',
};

// --- Money -----------------------------------------------------------------------------------------

/** What a package charges: per guest, at least a minimum, and the deposit as a whole percentage. */
export interface BookingPricing {
  pricePerGuestCents: number;
  minimumCents: number;
  depositPercent: number;
}

export interface BookingEstimate {
  /** guests × price per guest */
  guestsCents: number;
  /** the guests' price, at least the package's minimum */
  totalCents: number;
  depositCents: number;
  balanceCents: number;
  /** true when the minimum charge set the total */
  minimumApplied: boolean;
}

/** The deposit of a total: its percentage, rounded to the cent (money.ts). */
export function depositOf(totalCents: number, depositPercent: number): number {
  return percentOfCents(totalCents, depositPercent);
}

/** A quote split into deposit and balance (the owner may adjust the total when accepting). */
export function splitQuote(totalCents: number, depositPercent: number): { totalCents: number; depositCents: number; balanceCents: number } {
  const depositCents = depositOf(totalCents, depositPercent);
  return { totalCents, depositCents, balanceCents: totalCents - depositCents };
}

/** The estimate rule: guests × price per guest, at least the minimum; deposit = percentage of the total. */
export function bookingEstimate(pricing: BookingPricing, guests: number): BookingEstimate {
  const guestsCents = guests * pricing.pricePerGuestCents;
  const totalCents = Math.max(guestsCents, pricing.minimumCents);
  return { guestsCents, ...splitQuote(totalCents, pricing.depositPercent), minimumApplied: totalCents > guestsCents };
}

// --- Days ------------------------------------------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');
const utcOf = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
};
const dayOfUtc = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/** The calendar day `days` after (or before) a 'YYYY-MM-DD' day. Calendar arithmetic: no zone, no DST. */
export function shiftDay(day: string, days: number): string {
  return dayOfUtc(utcOf(day) + days * DAY_MS);
}

/** Whole calendar days from one day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcOf(to) - utcOf(from)) / DAY_MS);
}

/** Every day of a 'YYYY-MM' month, in order. */
export function daysOfMonth(month: string): string[] {
  const [y, m] = month.split('-').map(Number);
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${pad(i + 1)}`);
}

/** The first day a new request may ask for: `leadTimeDays` after the shop's today, and never today itself (future days only). */
export function firstBookableDay(today: string, leadTimeDays: number): string {
  return shiftDay(today, Math.max(1, leadTimeDays));
}

/** The day the balance falls due: `balanceDueDays` before the event. */
export function balanceDueDay(eventDay: string, balanceDueDays: number): string {
  return shiftDay(eventDay, -balanceDueDays);
}

// --- Settings and policy ---------------------------------------------------------------------------

/** The owner's booking settings; each has a default (docs/decisions.md, "Event bookings"). */
export interface BookingSettings {
  /** Days between today and the earliest day a new request may ask for. */
  leadTimeDays: number;
  /** The deposit percentage a new package starts with. */
  depositPercent: number;
  /** The balance falls due this many days before the event. */
  balanceDueDays: number;
  /** A customer who cancels this many days or more before the event gets the deposit back. */
  fullRefundDays: number;
  /** The policy in the owner's words; null: the sentence `cancellationPolicyText` writes from the numbers. */
  cancellationPolicy: string | null;
}

export const BOOKING_SETTINGS_DEFAULTS: Readonly<BookingSettings> = {
  leadTimeDays: 7,
  depositPercent: 25,
  balanceDueDays: 14,
  fullRefundDays: 14,
  cancellationPolicy: null,
};

/** The policy the customer reads: the owner's words, else one written from the numbers the server applies. */
export function cancellationPolicyText(settings: Pick<BookingSettings, 'fullRefundDays' | 'cancellationPolicy'>): string {
  if (settings.cancellationPolicy) return settings.cancellationPolicy;
  const days = settings.fullRefundDays;
  return `Cancel ${days} or more day${days === 1 ? '' : 's'} before your event and we refund your deposit in full. After that the deposit is kept. Anything paid beyond the deposit is always refunded.`;
}

export interface CancellationInput {
  /** Paid and not yet refunded, by kind. */
  depositPaidCents: number;
  balancePaidCents: number;
  /** The shop's today and the event's day. */
  today: string;
  eventDay: string;
  fullRefundDays: number;
}

/**
 * What a customer's cancellation refunds under the policy: everything paid when it is
 * `fullRefundDays` or more days before the event; later, the deposit is kept and only what was
 * paid beyond it (the balance) comes back.
 */
export function customerCancellationRefund(input: CancellationInput): { refundCents: number; depositKept: boolean; daysBefore: number } {
  const daysBefore = daysBetween(input.today, input.eventDay);
  const depositKept = daysBefore < input.fullRefundDays;
  return { refundCents: input.balancePaidCents + (depositKept ? 0 : input.depositPaidCents), depositKept, daysBefore };
}

/** A booking request's line in the owner's inbox and the subject of a reply: 'CB-7K3Q: Hot Cocoa Bar, 40 guests'. */
export function bookingRequestSubject(booking: { reference: string; packageName: string; guests: number }): string {
  return `${booking.reference}: ${booking.packageName}, ${booking.guests} ${booking.guests === 1 ? 'guest' : 'guests'}`;
}

// --- Reference -------------------------------------------------------------------------------------

/** Letters and digits nobody misreads: no 0/O, no 1/I (32 characters, 5 bits each). */
export const BOOKING_REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const BOOKING_REFERENCE_MIN = 4;
export const BOOKING_REFERENCE_MAX = 6;
const REFERENCE_PATTERN = new RegExp(`^CB-[${BOOKING_REFERENCE_ALPHABET}]{${BOOKING_REFERENCE_MIN},${BOOKING_REFERENCE_MAX}}$`);

/** 'CB-' and `length` characters of the alphabet, each chosen by `randomIndex(32)` (a CSPRNG on the server). */
export function bookingReference(randomIndex: (size: number) => number, length = BOOKING_REFERENCE_MIN): string {
  let code = '';
  for (let i = 0; i < length; i++) code += BOOKING_REFERENCE_ALPHABET[randomIndex(BOOKING_REFERENCE_ALPHABET.length)];
  return `CB-${code}`;
}

/** A reference as people type it ('cb-7k3q ', 'CB7K3Q') in its written form, or null when it cannot be one. */
export function normaliseBookingReference(value: string): string | null {
  const compact = value.trim().toUpperCase().replace(/^CB-?/, '');
  const reference = `CB-${compact}`;
  return REFERENCE_PATTERN.test(reference) ? reference : null;
}
