import { z } from 'zod';
import {
  BOOKING_PAYMENT_KINDS,
  BOOKING_REFERENCE_MAX,
  BOOKING_STATES,
  BOOKING_TRACKER_CHOICES,
  type BookingSettings,
  firstBookableDay,
  normaliseBookingReference,
  BOOKING_NOTE_MAX,
} from '../booking';
import { formatLongDate, HH_MM_PATTERN } from '../time';
import { formatParsedPhone, parsePhone, phoneMessage } from './checkout.schema';
import { emailSchema, idParamSchema, optionalText, pageSchema, queryWholeNumber, wholeNumber } from './common.schema';
import { MAX_EVENT_GUESTS } from './event-inquiry.schema';
import { idempotencyKeySchema } from './orders.schema';

/**
 * Event booking wire shapes: packages, availability, the customer's request and status
 * page, payments and cancellation, and the owner's Bookings views and moves. Money is integer cents
 * (the booking's own shapes, like the admin's); days 'YYYY-MM-DD' and times 'HH:MM' are the shop's
 * wall clock (docs/features.md, "Time zone").
 */

export const BOOKING_GUESTS_MAX = MAX_EVENT_GUESTS;
/** The largest amount a package price, minimum or quote may hold: $100,000. */
export const BOOKING_CENTS_MAX = 10_000_000;
export const ADMIN_BOOKINGS_PAGE_SIZE = 25;
export const ADMIN_BOOKINGS_PAGE_MAX = 10_000;

const required = (message: string, max: number) => z.string({ message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

const cents = (name: string) =>
  z
    .number({ message: `${name} must be an amount in cents` })
    .int(`${name} must be a whole number of cents`)
    .min(0, `${name} cannot be negative`)
    .max(BOOKING_CENTS_MAX, `${name} must be at most ${BOOKING_CENTS_MAX} cents`);

/** A calendar day that exists, from the year 2000 on. */
export const bookingDaySchema = z
  .string({ message: 'Date must be a date (YYYY-MM-DD)' })
  .trim()
  .pipe(z.iso.date({ message: 'Date must be a date (YYYY-MM-DD)' }))
  .refine((v) => v >= '2000-01-01' && v <= '2999-12-31', 'Date must be a date (YYYY-MM-DD)');

export const bookingMonthSchema = z.string({ message: 'Month must be YYYY-MM' }).regex(/^2\d{3}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM');

const wallTime = (name: string) =>
  z
    .string({ message: `${name} is required` })
    .trim()
    .regex(HH_MM_PATTERN, `${name} must be a time (HH:MM, 24-hour)`);

/** :reference in a path, as people type it ('cb-7k3q' too); written back as 'CB-7K3Q'. */
export const bookingReferenceSchema = z
  .string({ message: 'Booking reference is required' })
  .max(BOOKING_REFERENCE_MAX + 10, 'Booking reference not recognised')
  .transform((v, ctx) => {
    const reference = normaliseBookingReference(v);
    if (!reference) {
      ctx.addIssue({ code: 'custom', message: 'Booking reference not recognised' });
      return z.NEVER;
    }
    return reference;
  });

// --- Packages --------------------------------------------------------------------------------------

/** POST/PUT /api/admin/booking/packages: a package the owner offers. */
export const bookingPackageInputSchema = z
  .strictObject({
    name: required('Name is required', 100),
    description: z
      .string({ message: 'Description must be text' })
      .trim()
      .max(BOOKING_NOTE_MAX, `Description must be at most ${BOOKING_NOTE_MAX} characters`)
      .default(''),
    /** What is included, one line each ('Whipped cream and marshmallows'). */
    included: z
      .array(
        z
          .string({ message: 'Each included item must be text' })
          .trim()
          .min(1, 'An included item cannot be empty')
          .max(200, 'An included item must be at most 200 characters'),
        { message: 'Included must be a list' },
      )
      .max(20, 'At most 20 included items')
      .default([]),
    pricePerGuestCents: cents('Price per guest'),
    minimumCents: cents('Minimum charge'),
    /** Left out: the owner's default deposit percentage (booking settings). */
    depositPercent: wholeNumber('Deposit percentage', 0, 100).optional(),
    durationMinutes: wholeNumber('Duration (minutes)', 15, 24 * 60),
    minGuests: wholeNumber('Minimum guests', 1, BOOKING_GUESTS_MAX),
    maxGuests: wholeNumber('Maximum guests', 1, BOOKING_GUESTS_MAX),
    active: z.boolean({ message: 'Active must be true or false' }).default(true),
  })
  .refine((p) => p.minGuests <= p.maxGuests, { message: 'Maximum guests must be at least the minimum guests', path: ['maxGuests'] });
export type BookingPackageInput = z.input<typeof bookingPackageInputSchema>;

export const bookingPackageSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  included: z.array(z.string()),
  pricePerGuestCents: z.number(),
  minimumCents: z.number(),
  depositPercent: z.number(),
  durationMinutes: z.number(),
  minGuests: z.number(),
  maxGuests: z.number(),
  active: z.boolean(),
});
export type BookingPackage = z.infer<typeof bookingPackageSchema>;

// --- Availability ----------------------------------------------------------------------------------

/** GET /api/booking/availability?month=YYYY-MM */
export const bookingAvailabilityQuerySchema = z.strictObject({ month: bookingMonthSchema });

/** Why a day cannot be asked for: before or within the lead time, another booking holds it, the owner blocked it. */
export const UNAVAILABLE_REASONS = ['past', 'lead_time', 'booked', 'blocked'] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

export const bookingAvailabilitySchema = z.object({
  month: z.string(),
  timeZone: z.string(),
  /** The shop's today and the first day a request may ask for (lead time applied). */
  today: z.string(),
  firstBookableDay: z.string(),
  leadTimeDays: z.number(),
  /** The month's days that cannot be booked, in order; every other day of the month can. */
  unavailable: z.array(z.object({ date: z.string(), reason: z.enum(UNAVAILABLE_REASONS) })),
});
export type BookingAvailability = z.infer<typeof bookingAvailabilitySchema>;

// --- The customer's request ------------------------------------------------------------------------

/** A field left blank as the form and clients send it: missing, null, '' or only spaces, or NaN (an empty number box). */
const isBlank = (value: unknown) => value === undefined || value === null || Number.isNaN(value) || (typeof value === 'string' && value.trim() === '');

/** `schema`, with a blank value asked for in words ('Please choose a date') rather than named by its format. */
const askedFor = <O, I>(message: string, schema: z.ZodType<O, I>) => z.custom<I>((value) => !isBlank(value), { message }).pipe(schema);

/** POST /api/bookings: the request's fields. The rules that need the day and the package are in `bookingRequestSchemaFor`. */
export const bookingRequestSchema = z
  .strictObject({
    packageId: z
      .number({ message: 'Please choose a package' })
      .int('Please choose a package')
      .positive('Please choose a package')
      .max(2147483647, 'Please choose a package'),
    date: askedFor('Please choose a date', bookingDaySchema),
    startTime: askedFor('Start time is required', wallTime('Start time')),
    endTime: askedFor('End time is required', wallTime('End time')),
    guests: askedFor('Please enter the number of guests', wholeNumber('Number of guests', 1, BOOKING_GUESTS_MAX)),
    venueName: required('Venue name is required', 200),
    venueAddress: required('Venue address is required', 300),
    contactName: required('Name is required', 100),
    contactEmail: emailSchema,
    contactPhone: z.string({ message: 'Phone number is required' }).trim().min(1, 'Phone number is required').max(30, 'Phone number is too long'),
    notes: optionalText(BOOKING_NOTE_MAX),
    /** Optional: the same key again answers the booking it made (200) instead of a second one (a retry whose answer was lost). */
    idempotencyKey: z
      .string({ message: 'idempotencyKey must be text' })
      .regex(/^[A-Za-z0-9_-]{16,64}$/, 'idempotencyKey must be 16 to 64 letters, digits, - or _')
      .optional(),
  })
  .superRefine((data, ctx) => {
    if (data.startTime === data.endTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'End time must differ from the start time' });
    if (!parsePhone(data.contactPhone)) ctx.addIssue({ code: 'custom', path: ['contactPhone'], message: phoneMessage('US') });
  })
  .transform((data) => ({ ...data, contactPhone: formatParsedPhone(parsePhone(data.contactPhone)!) }));
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;
/** The event and the contact as the customer gave them: the same fields in the form and in every e-mail about the booking. */
export type BookingEventFields = Pick<
  z.output<typeof bookingRequestSchema>,
  'startTime' | 'endTime' | 'guests' | 'venueName' | 'venueAddress' | 'contactName' | 'contactEmail' | 'contactPhone'
>;
export type BookingRequest = z.output<typeof bookingRequestSchema>;

/** What the day and guest rules need: the shop's today, the lead time, and the chosen package. */
export interface BookingRequestContext {
  today: string;
  leadTimeDays: number;
  package: { name: string; minGuests: number; maxGuests: number } | null;
}

/**
 * The request schema with the rules that depend on today and the package: a future day (in the
 * shop's zone) no earlier than the lead time allows, and guests within the package's range. The
 * form and the API use this same schema; the API gives it the package from the database.
 */
export function bookingRequestSchemaFor(context: BookingRequestContext) {
  const earliest = firstBookableDay(context.today, context.leadTimeDays);
  return bookingRequestSchema.superRefine((data, ctx) => {
    if (data.date <= context.today) ctx.addIssue({ code: 'custom', path: ['date'], message: 'Please choose a future date' });
    else if (data.date < earliest)
      ctx.addIssue({
        code: 'custom',
        path: ['date'],
        message: `We need ${context.leadTimeDays} days' notice: the earliest date is ${formatLongDate(`${earliest}T12:00:00Z`, 'UTC')}`,
      });
    const pkg = context.package;
    if (pkg && (data.guests < pkg.minGuests || data.guests > pkg.maxGuests)) {
      ctx.addIssue({ code: 'custom', path: ['guests'], message: `${pkg.name} serves ${pkg.minGuests} to ${pkg.maxGuests} guests` });
    }
  });
}

// --- The booking as the customer sees it -----------------------------------------------------------

const bookingStateSchema = z.enum(BOOKING_STATES);
const bookingTrackerSchema = z.enum(BOOKING_TRACKER_CHOICES, { message: `Tracker must be one of ${BOOKING_TRACKER_CHOICES.join(', ')}` });

/** What the booking costs and what has been paid and given back of it. */
const bookingPaidShape = {
  /** The estimate while requested; the owner's quote once accepted. */
  quoteCents: z.number(),
  depositPaidCents: z.number(),
  balancePaidCents: z.number(),
  refundedCents: z.number(),
};

/** How the quote is paid: the deposit, the balance and its due day (null until the owner accepts). */
const bookingTermsShape = {
  depositPercent: z.number(),
  depositCents: z.number(),
  balanceCents: z.number(),
  balanceDueDate: z.string().nullable(),
};

export const bookingViewSchema = z.object({
  reference: z.string(),
  state: bookingStateSchema,
  package: z.object({ id: z.number(), name: z.string() }),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  timeZone: z.string(),
  guests: z.number(),
  venueName: z.string(),
  venueAddress: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  notes: z.string().nullable(),
  ...bookingPaidShape,
  ...bookingTermsShape,
  /** The event's stop page ('/stops/{id}') while its stop takes orders ahead: the guests' pre-order link. */
  preorderPath: z.string().nullable(),
  /** What the payment step would charge now, or null when nothing is due. */
  amountDue: z.object({ kind: z.enum(BOOKING_PAYMENT_KINDS), amountCents: z.number() }).nullable(),
  /** Whether the customer may cancel now, what the policy would refund, and the policy's words. */
  cancellation: z.object({ allowed: z.boolean(), refundCents: z.number(), policy: z.string() }),
  /** The owner's latest words to the customer (a note with the quote, a decline, a cancellation). */
  message: z.string().nullable(),
  /** Each state the booking reached, oldest first. */
  history: z.array(z.object({ state: bookingStateSchema, at: z.string() })),
  /** A payment was taken in test mode: nothing real was charged. */
  testMode: z.boolean(),
  createdAt: z.string(),
});
export type BookingView = z.infer<typeof bookingViewSchema>;

/** POST /api/bookings: the reference, the status page (with its token) and the booking. */
export const bookingCreatedSchema = z.object({
  reference: z.string(),
  token: z.string(),
  /** '/bookings/CB-7K3Q?token=…': the status page, opened without an account. */
  statusPath: z.string(),
  booking: bookingViewSchema,
});
export type BookingCreated = z.infer<typeof bookingCreatedSchema>;

/** ?token= on the booking's own routes; a signed-in owner of the booking needs none. */
export const bookingAccessQuerySchema = z.strictObject({ token: z.string({ message: 'token must be text' }).max(200, 'Invalid booking link').optional() });

/** POST /api/bookings/:reference/payments: the server computes the amount; the card form gives the source. */
export const bookingPaymentSchema = z.strictObject({
  kind: z.enum(BOOKING_PAYMENT_KINDS, { message: 'kind must be deposit or balance' }),
  sourceId: z.string({ message: 'sourceId is required' }).trim().min(1, 'sourceId is required').max(500),
  verificationToken: z.string().max(2000).nullish(),
  idempotencyKey: idempotencyKeySchema,
});

export const bookingPaymentResultSchema = z.object({
  paymentId: z.string(),
  amountCents: z.number(),
  testMode: z.boolean(),
  booking: bookingViewSchema,
});
export type BookingPaymentResult = z.infer<typeof bookingPaymentResultSchema>;

/** POST /api/bookings/:reference/cancel: the refund follows the policy, computed by the server. */
export const bookingCancelSchema = z.strictObject({ reason: optionalText(BOOKING_NOTE_MAX) });

export const bookingCancelResultSchema = z.object({ refundCents: z.number(), booking: bookingViewSchema });
export type BookingCancelResult = z.infer<typeof bookingCancelResultSchema>;

/** GET /api/me/bookings: the bookings the customer made while signed in, latest event first (at most 100). */
/** What every list of bookings shows of one (the customer's and the owner's). */
const listedBookingShape = {
  reference: z.string(),
  state: bookingStateSchema,
  packageName: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  guests: z.number(),
  venueName: z.string(),
};

export const myBookingSchema = z.object({
  ...listedBookingShape,
  quoteCents: z.number(),
  amountDue: bookingViewSchema.shape.amountDue,
  /** '/bookings/CB-7K3Q' (the signed-in customer needs no token). */
  statusPath: z.string(),
});
export type MyBooking = z.infer<typeof myBookingSchema>;

// --- The owner's Bookings --------------------------------------------------------------------------

/** GET /api/admin/bookings?state&month&page (page counts from 1). */
export const adminBookingsQuerySchema = z.strictObject({
  state: z.enum(BOOKING_STATES, { message: `state must be one of ${BOOKING_STATES.join(', ')}` }).optional(),
  month: bookingMonthSchema.optional(),
  page: queryWholeNumber('page', 1, ADMIN_BOOKINGS_PAGE_MAX).default(1),
});
export type AdminBookingsQuery = z.output<typeof adminBookingsQuerySchema>;

export const adminBookingSummarySchema = z.object({
  id: z.number(),
  ...listedBookingShape,
  contactName: z.string(),
  contactEmail: z.string(),
  ...bookingPaidShape,
  testMode: z.boolean(),
  createdAt: z.string(),
});
export type AdminBookingSummary = z.infer<typeof adminBookingSummarySchema>;

export const adminBookingsPageSchema = pageSchema('bookings', adminBookingSummarySchema).extend({
  /** How many bookings each state holds (with the month filter, in that month): the list's tabs. */
  counts: z.record(bookingStateSchema, z.number()),
});
export type AdminBookingsPage = z.infer<typeof adminBookingsPageSchema>;

/** A day and the times on it (shop wall clock). */
const bookingTimesSchema = z.object({ date: z.string(), startTime: z.string(), endTime: z.string() });

/** One row of the booking's thread: every move, payment, refund and note, oldest first. */
export const bookingEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  /** 'customer', 'system' or 'admin:<username>' */
  actor: z.string(),
  type: z.string(),
  fromState: bookingStateSchema.nullable(),
  toState: bookingStateSchema.nullable(),
  /** The words that came with it (a note, a decline message, a reason), if any. */
  note: z.string().nullable(),
  amountCents: z.number().nullable(),
  /** A 'rescheduled' row: the day and times it was moved from and to (shop wall clock). */
  moved: z.object({ from: bookingTimesSchema, to: bookingTimesSchema }).nullable().optional(),
});
export type BookingEvent = z.infer<typeof bookingEventSchema>;

export const bookingPaymentRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(['deposit', 'balance', 'refund']),
  amountCents: z.number(),
  status: z.enum(['pending', 'completed', 'failed']),
  testMode: z.boolean(),
  squarePaymentId: z.string().nullable(),
  squareRefundId: z.string().nullable(),
  createdAt: z.string(),
});

export const adminBookingDetailSchema = adminBookingSummarySchema.extend({
  packageId: z.number(),
  timeZone: z.string(),
  venueAddress: z.string(),
  contactPhone: z.string(),
  notes: z.string().nullable(),
  ...bookingTermsShape,
  /** Paid and not refunded: the most an owner's cancellation can give back. */
  refundableCents: z.number(),
  /** What the customer's cancellation would refund today under the policy. */
  policyRefundCents: z.number(),
  /** The customer's status page, with its token, to send by hand if needed. */
  statusUrl: z.string(),
  /** Whether it shows on the tracker, and its stop there (scheduled_locations.id) while it does. */
  tracker: bookingTrackerSchema,
  stopId: z.number().nullable(),
  events: z.array(bookingEventSchema),
  payments: z.array(bookingPaymentRecordSchema),
  /** Other live bookings and the scheduled stops on the same day: the owner is warned, not stopped. */
  clashes: z.object({
    bookings: z.array(
      z.object({ id: z.number(), reference: z.string(), state: bookingStateSchema, startTime: z.string(), endTime: z.string(), contactName: z.string() }),
    ),
    stops: z.array(
      z.object({ id: z.number(), title: z.string(), startTime: z.string().nullable(), endTime: z.string().nullable(), location: z.string().nullable() }),
    ),
  }),
});
export type AdminBookingDetail = z.infer<typeof adminBookingDetailSchema>;

/** POST /api/admin/bookings/:id/accept: the estimate as the quote, or the owner's own; an optional note to the customer. */
export const bookingAcceptSchema = z.strictObject({
  quoteCents: cents('Quote').min(1, 'Quote must be more than 0').optional(),
  note: optionalText(BOOKING_NOTE_MAX),
  /** Whether the confirmed booking shows on the tracker (default: not shown). */
  tracker: bookingTrackerSchema.optional(),
});

/** PUT /api/admin/bookings/:id/tracker: the tracker choice changed later. */
export const bookingTrackerInputSchema = z.strictObject({ tracker: bookingTrackerSchema });

/** POST /api/admin/bookings/:id/decline */
export const bookingDeclineSchema = z.strictObject({ message: required('Please write a message to the customer', BOOKING_NOTE_MAX) });

/** POST /api/admin/bookings/:id/cancel: the owner chooses the refund (up to what is paid and not refunded). */
export const bookingAdminCancelSchema = z.strictObject({
  refundCents: cents('Refund'),
  message: required('Please write a message to the customer', BOOKING_NOTE_MAX),
});

/** POST /api/admin/bookings/:id/refunds/:refundId/retry: a refund of the booking that failed, tried again. */
export const bookingRefundParamsSchema = z.object({
  id: idParamSchema,
  refundId: z.uuid({ message: 'Refund id must be a UUID' }),
});

/** POST /api/admin/booking/blocked-days */
export const blockedDayInputSchema = z.strictObject({ date: bookingDaySchema, note: optionalText(200) });

/** GET /api/admin/booking/blocked-days?month (without it: from today on). */
export const blockedDaysQuerySchema = z.strictObject({ month: bookingMonthSchema.optional() });

export const blockedDaySchema = z.object({ date: z.string(), note: z.string().nullable(), createdAt: z.string() });
export type BlockedDay = z.infer<typeof blockedDaySchema>;

/** PUT /api/admin/booking/settings: every setting; '' or null policy: the sentence written from the numbers. */
export const bookingSettingsInputSchema = z.strictObject({
  leadTimeDays: wholeNumber('Lead time (days)', 0, 365),
  depositPercent: wholeNumber('Deposit percentage', 0, 100),
  balanceDueDays: wholeNumber('Balance due (days before)', 0, 365),
  fullRefundDays: wholeNumber('Full refund (days before)', 0, 365),
  cancellationPolicy: optionalText(BOOKING_NOTE_MAX),
}) satisfies z.ZodType<BookingSettings, unknown>;

export const bookingSettingsSchema = z.object({
  leadTimeDays: z.number(),
  depositPercent: z.number(),
  balanceDueDays: z.number(),
  fullRefundDays: z.number(),
  cancellationPolicy: z.string().nullable(),
  /** The policy as the customer reads it. */
  policyText: z.string(),
});

// --- Owner reschedule ------------------------------------------------------------------------------

/** The states in which the owner may move a booking to another day and times (not once it is over, declined or cancelled). */
export const BOOKING_RESCHEDULABLE_STATES = [
  'requested',
  'awaiting_deposit',
  'confirmed',
  'balance_due',
] as const satisfies readonly (typeof BOOKING_STATES)[number][];

export function canRescheduleBooking(state: (typeof BOOKING_STATES)[number]): boolean {
  return (BOOKING_RESCHEDULABLE_STATES as readonly string[]).includes(state);
}

/**
 * POST /api/admin/bookings/:id/reschedule: the owner moves the booking to another day and times,
 * with an optional note the customer reads in the e-mail. The day and times follow the request's
 * rules (a real day, 24-hour times, an end that differs from the start: an earlier end is past
 * midnight); the day must also be the shop's today or later (`bookingRescheduleSchemaFor`). A day
 * the owner blocked or one inside their lead time is allowed: those are their own rules, and the
 * answer warns of them (`bookingRescheduledSchema`).
 */
export const bookingRescheduleSchema = z
  .strictObject({
    date: askedFor('Please choose a date', bookingDaySchema),
    startTime: askedFor('Start time is required', wallTime('Start time')),
    endTime: askedFor('End time is required', wallTime('End time')),
    note: optionalText(BOOKING_NOTE_MAX),
  })
  .superRefine((data, ctx) => {
    if (data.startTime === data.endTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'End time must differ from the start time' });
  });
export type BookingRescheduleInput = z.input<typeof bookingRescheduleSchema>;
export type BookingReschedule = z.output<typeof bookingRescheduleSchema>;

/** The reschedule schema with the day rule that needs the shop's today: today or later (the form and the API use it). */
export function bookingRescheduleSchemaFor(context: { today: string }) {
  return bookingRescheduleSchema.superRefine((data, ctx) => {
    if (data.date < context.today) ctx.addIssue({ code: 'custom', path: ['date'], message: 'Please choose today or a later date' });
  });
}

/** What the owner is warned of about the new day: a day they blocked, or one inside their lead time (or today). */
export const RESCHEDULE_WARNING_KINDS = ['blocked', 'lead_time'] as const;

/**
 * The reschedule's answer: the booking as it now is (its clashes are the new day's other bookings
 * and stops, as the detail always shows them) and the warnings about the new day itself.
 */
export const bookingRescheduledSchema = adminBookingDetailSchema.extend({
  warnings: z.array(z.object({ kind: z.enum(RESCHEDULE_WARNING_KINDS), message: z.string() })),
});
export type BookingRescheduled = z.infer<typeof bookingRescheduledSchema>;
