import {
  type AdminBookingSummary,
  BOOKING_PAYABLE_IN,
  type BookingEvent,
  type BookingPackage,
  type BookingPaymentKind,
  type BookingSettings,
  type BookingState,
  type BookingView,
  canMoveBooking,
  cancellationPolicyText,
  customerCancellationRefund,
  type MyBooking,
} from '@cocoa/shared-types';
import { pick } from '../common/pick';
import type { BookingEventEntity } from './booking-event.entity';
import type { BookingPackageEntity } from './booking-package.entity';
import type { BookingPaymentEntity } from './booking-payment.entity';
import type { BookingEntity } from './booking.entity';

/** What is due now: the deposit while awaiting it, the balance once confirmed; null when nothing is. */
export function amountDueOf(b: BookingEntity): { kind: BookingPaymentKind; amountCents: number } | null {
  if (BOOKING_PAYABLE_IN.deposit.includes(b.state) && b.depositCents > b.depositPaidCents)
    return { kind: 'deposit', amountCents: b.depositCents - b.depositPaidCents };
  if (BOOKING_PAYABLE_IN.balance.includes(b.state) && b.balanceCents > b.balancePaidCents)
    return { kind: 'balance', amountCents: b.balanceCents - b.balancePaidCents };
  return null;
}

/** Paid and not yet given back. */
export function refundableOf(b: BookingEntity): number {
  return b.depositPaidCents + b.balancePaidCents - b.refundedCents;
}

/** Whether the customer may cancel today (a live booking whose day has not passed) and what the policy refunds. */
export function customerCancellation(b: BookingEntity, today: string, settings: BookingSettings): { allowed: boolean; refundCents: number } {
  const allowed = canMoveBooking(b.state, 'cancelled') && b.eventDate >= today;
  const { refundCents } = customerCancellationRefund({
    depositPaidCents: b.depositPaidCents,
    balancePaidCents: b.balancePaidCents,
    today,
    eventDay: b.eventDate,
    fullRefundDays: settings.fullRefundDays,
  });
  return { allowed, refundCents: Math.min(refundCents, refundableOf(b)) };
}

export interface ViewContext {
  timeZone: string;
  today: string;
  settings: BookingSettings;
  events: BookingEventEntity[];
  payments: BookingPaymentEntity[];
  /** The booking's stop takes orders ahead. */
  preorders: boolean;
}

export function toBookingView(b: BookingEntity, ctx: ViewContext): BookingView {
  const cancellation = customerCancellation(b, ctx.today, ctx.settings);
  return {
    reference: b.reference,
    state: b.state,
    package: { id: b.packageId, name: b.packageName },
    date: b.eventDate,
    ...pick(b, 'startTime', 'endTime'),
    timeZone: ctx.timeZone,
    ...pick(b, 'guests', 'venueName', 'venueAddress', 'contactName', 'contactEmail', 'contactPhone', 'notes'),
    ...pick(b, 'quoteCents', 'depositPercent', 'depositCents', 'balanceCents', 'depositPaidCents', 'balancePaidCents', 'refundedCents', 'balanceDueDate'),
    preorderPath: ctx.preorders && b.stopId !== null ? `/stops/${b.stopId}` : null,
    amountDue: amountDueOf(b),
    cancellation: { ...cancellation, policy: cancellationPolicyText(ctx.settings) },
    message: b.ownerMessage,
    history: ctx.events.filter((e) => e.toState !== null).map((e) => ({ state: e.toState as BookingState, at: e.createdAt.toISOString() })),
    testMode: ctx.payments.some((p) => p.testMode && p.kind !== 'refund' && p.status === 'completed'),
    createdAt: b.createdAt.toISOString(),
  };
}

/** The fields every list of bookings shows. */
function listed(b: BookingEntity) {
  return { ...pick(b, 'reference', 'state', 'packageName'), date: b.eventDate, ...pick(b, 'startTime', 'endTime', 'guests', 'venueName') };
}

export function toMyBooking(b: BookingEntity): MyBooking {
  return {
    ...listed(b),
    quoteCents: b.quoteCents,
    amountDue: amountDueOf(b),
    statusPath: `/bookings/${b.reference}`,
  };
}

export function toAdminSummary(b: BookingEntity, testMode: boolean): AdminBookingSummary {
  return {
    id: b.id,
    ...listed(b),
    ...pick(b, 'contactName', 'contactEmail', 'quoteCents', 'depositPaidCents', 'balancePaidCents', 'refundedCents'),
    testMode,
    createdAt: b.createdAt.toISOString(),
  };
}

/** The words that came with a thread row, whichever detail field holds them. */
const NOTE_FIELDS = ['note', 'message', 'reason', 'error'] as const;

export function toBookingEvent(e: BookingEventEntity): BookingEvent {
  const note = NOTE_FIELDS.map((f) => e.detail[f]).find((v): v is string => typeof v === 'string' && v !== '') ?? null;
  const amount = e.detail.amountCents;
  return {
    id: Number(e.id),
    at: e.createdAt.toISOString(),
    actor: e.actor,
    type: e.type,
    fromState: e.fromState,
    toState: e.toState,
    note,
    amountCents: typeof amount === 'number' ? amount : null,
    moved: e.type === 'rescheduled' ? movedOf(e.detail) : null,
  };
}

/** Where a 'rescheduled' row moved the booking from and to (written by BookingMovesService.reschedule). */
function movedOf(d: BookingEventEntity['detail']): BookingEvent['moved'] {
  const text = (k: string) => (typeof d[k] === 'string' ? d[k] : '');
  return {
    from: { date: text('fromDate'), startTime: text('fromStartTime'), endTime: text('fromEndTime') },
    to: { date: text('toDate'), startTime: text('toStartTime'), endTime: text('toEndTime') },
  };
}

export function toPaymentRecord(p: BookingPaymentEntity) {
  return {
    id: p.id,
    kind: p.kind,
    amountCents: p.amountCents,
    status: p.status,
    testMode: p.testMode,
    squarePaymentId: p.squarePaymentId,
    squareRefundId: p.squareRefundId,
    createdAt: p.createdAt.toISOString(),
  };
}

export function toPackage(p: BookingPackageEntity): BookingPackage {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    included: p.included,
    pricePerGuestCents: p.pricePerGuestCents,
    minimumCents: p.minimumCents,
    depositPercent: p.depositPercent,
    durationMinutes: p.durationMinutes,
    minGuests: p.minGuests,
    maxGuests: p.maxGuests,
    active: p.active,
  };
}
