import { randomUUID } from 'node:crypto';
import {
  BOOKING_DAY_TAKEN_STATES,
  BOOKING_STATE_LABELS,
  BOOKING_TRACKER_LABELS,
  type BookingState,
  BOOKING_PRIVATE_STOP_TITLE,
  balanceDueDay,
  bookingHasStop,
  type BookingTrackerChoice,
  BOOKING_MOVES,
  dayIn,
  formatCents,
  splitQuote,
  type BookingReschedule,
  type BookingRescheduled,
  bookingRescheduleSchemaFor,
  canRescheduleBooking,
  firstBookableDay,
  formatLongDate,
} from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In, Not } from 'typeorm';
import { ConflictError, NotFoundError, UserInputError } from '../common/domain-errors';
import { log } from '../common/logger';
import type { AuditDetail } from '../database/row.columns';
import { parseOrThrow } from '../common/zod-validation.pipe';
import { type BookingStop, EventsService } from '../events/events.service';
import { defineStateMachine, type MoveRequest, type StateMachine } from '../state-machine/state-machine';
import { StateMachineService } from '../state-machine/state-machine.service';
import { BookingBlockedDayEntity } from './booking-blocked-day.entity';
import { BookingEventEntity } from './booking-event.entity';
import { BookingMailService, type MailContext } from './booking-mail.service';
import { BookingPaymentEntity } from './booking-payment.entity';
import { BookingEntity } from './booking.entity';
import { customerCancellation, refundableOf } from './booking.mapper';

export const BOOKING_NOT_FOUND = 'Booking not found';

/** What the booking shows on the tracker: public, the package's name and the venue; private, "Private event" and no place. */
function stopOf(b: BookingEntity): BookingStop {
  const open = b.tracker === 'public';
  return {
    bookingReference: b.reference,
    title: open ? b.packageName : BOOKING_PRIVATE_STOP_TITLE,
    location: open ? b.venueName : null,
    address: open ? b.venueAddress : null,
    day: b.eventDate,
    startTime: b.startTime,
    endTime: b.endTime,
  };
}

/** Who makes a move: the customer, the system (the job queue, a payment) or the owner ('admin:<username>'). */
export type Actor = 'customer' | 'system' | `admin:${string}`;

const ACTION: Record<BookingState, string> = {
  requested: 'requested',
  awaiting_deposit: 'accepted',
  declined: 'declined',
  confirmed: 'confirmed',
  balance_due: 'marked balance due',
  completed: 'completed',
  cancelled: 'cancelled',
};

/** 409 for a move the booking's machine does not allow, naming the booking's state. */
export function refusedMove(b: Pick<BookingEntity, 'reference' | 'state'>, to: BookingState): ConflictError {
  return new ConflictError(`Booking ${b.reference} is ${BOOKING_STATE_LABELS[b.state].toLowerCase()}: it cannot be ${ACTION[to]}`, 'BOOKING_STATE_CONFLICT');
}

export function bookingNotFound(): NotFoundError {
  return new NotFoundError(BOOKING_NOT_FOUND, 'BOOKING_NOT_FOUND');
}

/** The booking row, locked FOR UPDATE until the caller's transaction ends: moves of one booking queue behind each other. */
export async function lockBooking(m: EntityManager, where: { id: number } | { reference: string }): Promise<BookingEntity> {
  const found = await m.getRepository(BookingEntity).findOne({ where, lock: { mode: 'pessimistic_write' } });
  if (!found) throw bookingNotFound();
  return found;
}

/** Whether any payment of the booking was taken in test mode. */
async function paidInTestMode(m: EntityManager, bookingId: number): Promise<boolean> {
  return (await m.countBy(BookingPaymentEntity, { bookingId, testMode: true, status: 'completed' })) > 0;
}

/** What a reschedule did: whether anything changed (the same day and times again change nothing), and the owner's warnings about the new day. */
export interface Rescheduled {
  changed: boolean;
  warnings: BookingRescheduled['warnings'];
}

/** A day as people read it: 'June 20, 2026'. */
const dayInWords = (day: string) => formatLongDate(`${day}T12:00:00Z`, 'UTC');

export interface Cancelled {
  refundCents: number;
  /** Square refunds committed as pending: BookingPaymentsService asks Square for them after the commit. */
  pendingRefundIds: string[];
}

/** What a booking's moves read from outside the database: the mail context, read before the transaction. */
export type BookingMove = Omit<MoveRequest<BookingEntity, BookingState, MailContext>, 'actor'> & { actor: Actor; type: string };

/**
 * Every move of a booking is made here, through the booking's state machine (BOOKING_MOVES in
 * shared-types, which the owner's buttons read too): each in one transaction that locks the
 * booking, checks the move is allowed (409 otherwise, nothing changed), writes the new state with
 * its booking_events row and the tracker's stop, and queues the e-mails the move causes
 * (BookingMailService) in that same transaction. What the messages need is read before the
 * transaction opens.
 */
@Injectable()
export class BookingMovesService {
  /** The booking's states, moves, history row and the e-mail each move queues. */
  readonly machine: StateMachine<BookingEntity, BookingState, MailContext>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly mails: BookingMailService,
    private readonly events: EventsService,
    private readonly stateMachines: StateMachineService,
  ) {
    this.machine = defineStateMachine<BookingEntity, BookingState, MailContext>({
      kind: 'booking',
      entity: BookingEntity,
      field: 'state',
      moves: BOOKING_MOVES,
      refused: refusedMove,
      notFound: bookingNotFound,
      history: (b, move) => ({
        entity: BookingEventEntity,
        values: { bookingId: b.id, actor: move.actor, type: move.type, fromState: move.from, toState: move.to, detail: move.detail },
      }),
      // The tracker's stop follows the state.
      beforeWrite: (m, b) => this.syncStop(m, b),
      on: {
        // The quote and the link to pay the deposit; a quote with no deposit confirms at once instead.
        awaiting_deposit: {
          type: 'accepted',
          queue: (m, b, _move, ctx) => (b.depositCents > 0 ? this.mails.quote(b, ctx, b.ownerMessage, m) : Promise.resolve()),
        },
        declined: { queue: (m, b, _move, ctx) => this.mails.declined(b, ctx, b.ownerMessage ?? '', m) },
        confirmed: { queue: (m, b, move, ctx) => this.mails.confirmed(b, ctx, move.detail.testMode === true, m) },
        balance_due: { type: 'balance-due', queue: (m, b, _move, ctx) => this.mails.balanceReminder(b, ctx, m) },
        // Completed by the balance's payment: its receipt. Completed by the owner or the calendar: no e-mail.
        completed: {
          queue: (m, b, move, ctx) =>
            move.type === 'balance-paid'
              ? this.mails.balancePaid(b, ctx, { amountCents: Number(move.detail.amountCents), testMode: move.detail.testMode === true }, m)
              : Promise.resolve(),
        },
        cancelled: {
          queue: async (m, b, move, ctx) => {
            const by = move.detail.by === 'customer' ? 'customer' : 'shop';
            const message = (by === 'customer' ? move.detail.reason : move.detail.message) as string | null;
            const wasConfirmed = move.from !== null && BOOKING_DAY_TAKEN_STATES.includes(move.from);
            await this.mails.cancelled(
              b,
              ctx,
              { by, message, refundCents: Number(move.detail.refundCents), wasConfirmed, testMode: await paidInTestMode(m, b.id) },
              m,
            );
          },
        },
      },
    });
  }

  /** One allowed move of a booking the caller locked, in the caller's transaction: its audit row, the tracker's stop and its e-mails follow. */
  async move(m: EntityManager, b: BookingEntity, to: BookingState, how: BookingMove): Promise<void> {
    await this.machine.step(m, b, to, how);
  }

  /**
   * The owner changes whether the booking shows on the tracker; a booking whose day is taken gets,
   * changes or loses its stop at once. Refused (409) once declined or cancelled: nothing can show.
   */
  async setTracker(id: number, tracker: BookingTrackerChoice, actor: Actor): Promise<void> {
    await this.stateMachines.withLocked(this.machine, { id }, async (m, b) => {
      if (b.state === 'declined' || b.state === 'cancelled') {
        throw new ConflictError(`Booking ${b.reference} is ${b.state}: it cannot show on the tracker`, 'BOOKING_STATE_CONFLICT');
      }
      if (b.tracker === tracker) return;
      const from = b.tracker;
      b.tracker = tracker;
      await this.syncStop(m, b);
      await m.getRepository(BookingEntity).save(b);
      await this.note(m, b.id, actor, 'tracker-changed', { from, to: tracker, note: BOOKING_TRACKER_LABELS[tracker] });
    });
  }

  /** Creates, brings in step or removes the booking's stop on the schedule (b.stopId set, not yet saved). */
  private async syncStop(m: EntityManager, b: BookingEntity): Promise<void> {
    const shown = bookingHasStop(b.state, b.tracker);
    if (!shown && b.stopId === null) return;
    b.stopId = await this.events.syncBookingStop(m, b.stopId, shown ? stopOf(b) : null);
  }

  /** A thread row that moves nothing (a payment that failed, a refund settled). */
  async note(m: EntityManager, bookingId: number, actor: Actor, type: string, detail: AuditDetail): Promise<void> {
    await m.insert(BookingEventEntity, { bookingId, actor, type, fromState: null, toState: null, detail });
  }

  /**
   * The owner accepts: the estimate or their own quote, split into deposit and balance by the
   * booking's deposit percentage; the balance's due day is fixed now from the setting in force.
   * The customer is e-mailed the quote and the link to pay the deposit. A quote with no deposit
   * (0 %) confirms the booking at once. `tracker`: whether it shows on the tracker once confirmed.
   */
  async accept(id: number, input: { quoteCents?: number; note: string | null; tracker?: BookingTrackerChoice }, actor: Actor, now = new Date()): Promise<void> {
    const ctx = await this.mails.context();
    await this.stateMachines.withLocked(this.machine, { id }, async (m, b) => {
      if (!this.machine.can(b.state, 'awaiting_deposit')) throw refusedMove(b, 'awaiting_deposit');
      const estimateCents = b.quoteCents;
      const quote = splitQuote(input.quoteCents ?? b.quoteCents, b.depositPercent);
      await this.move(m, b, 'awaiting_deposit', {
        actor,
        type: 'accepted',
        detail: { quoteCents: quote.totalCents, estimateCents, note: input.note },
        set: {
          quoteCents: quote.totalCents,
          depositCents: quote.depositCents,
          balanceCents: quote.balanceCents,
          balanceDueDate: balanceDueDay(b.eventDate, ctx.settings.balanceDueDays),
          ownerMessage: input.note,
          inbox: { ...b.inbox, readAt: b.inbox.readAt ?? now },
          tracker: input.tracker ?? b.tracker,
        },
        ctx,
      });
      if (quote.depositCents > 0) return;
      await this.move(m, b, 'confirmed', { actor: 'system', type: 'confirmed', detail: { note: 'No deposit asked' }, ctx });
      await this.balanceIfDue(m, b, ctx, dayIn(now, ctx.timeZone));
    });
  }

  async decline(id: number, message: string, actor: Actor, now = new Date()): Promise<void> {
    const ctx = await this.mails.context();
    await this.stateMachines.withLocked(this.machine, { id }, (m, b) =>
      this.move(m, b, 'declined', {
        actor,
        type: 'declined',
        detail: { message },
        set: { ownerMessage: message, inbox: { ...b.inbox, readAt: b.inbox.readAt ?? now } },
        ctx,
      }),
    );
  }

  /** The owner marks the event done (also with a balance still open: the detail records it). */
  async complete(id: number, actor: Actor): Promise<void> {
    await this.stateMachines.withLocked(this.machine, { id }, (m, b) =>
      this.move(m, b, 'completed', { actor, type: 'completed', detail: { outstandingCents: b.balanceCents - b.balancePaidCents } }),
    );
  }

  /**
   * Cancels the booking: by the customer, refunding what the policy gives (computed here, never
   * taken from the request), or by the owner, refunding the amount they chose (at most what was
   * paid and not refunded). The refund is split over the payments (newest first); test-mode
   * payments are refunded on the spot (recorded), Square ones are committed pending and asked of
   * Square after the commit. Both sides are e-mailed in the same transaction.
   */
  async cancel(
    where: { id: number } | { reference: string },
    how: { by: 'customer' | 'shop'; actor: Actor; refundCents?: number; message: string | null },
    now = new Date(),
  ): Promise<Cancelled> {
    const ctx = await this.mails.context();
    const today = dayIn(now, ctx.timeZone);
    return this.stateMachines.withLocked(this.machine, where, async (m, b) => {
      if (!this.machine.can(b.state, 'cancelled')) throw refusedMove(b, 'cancelled');
      let refundCents: number;
      if (how.by === 'customer') {
        const policy = customerCancellation(b, today, ctx.settings);
        if (!policy.allowed) throw new ConflictError('The day of this event has passed: it can no longer be cancelled', 'BOOKING_EVENT_PASSED');
        refundCents = policy.refundCents;
      } else {
        refundCents = how.refundCents ?? 0;
        const refundable = refundableOf(b);
        if (refundCents > refundable)
          throw new UserInputError(`The refund cannot be more than the ${formatCents(refundable)} paid for this booking`, 'REFUND_TOO_LARGE');
      }
      await this.move(m, b, 'cancelled', {
        actor: how.actor,
        type: 'cancelled',
        detail: { by: how.by, refundCents, ...(how.by === 'customer' ? { reason: how.message } : { message: how.message }) },
        set: how.by === 'shop' ? { ownerMessage: how.message } : {},
        ctx,
      });
      const pendingRefundIds = await this.planRefunds(m, b, refundCents, how.actor, how.message);
      return { refundCents, pendingRefundIds };
    });
  }

  /**
   * The refund rows of a cancellation, spread over the booking's payments newest first (each at
   * most what is left of it). A test-mode payment is refunded at once; a Square one stays pending
   * until Square answers.
   */
  private async planRefunds(m: EntityManager, b: BookingEntity, refundCents: number, actor: Actor, reason: string | null): Promise<string[]> {
    if (refundCents <= 0) return [];
    const charges = await m.query<Array<{ id: string; amount_cents: number; test_mode: boolean; square_payment_id: string | null; refunded: number }>>(
      `SELECT p.id, p.amount_cents, p.test_mode, p.square_payment_id,
              COALESCE((SELECT sum(r.amount_cents) FROM booking_payments r WHERE r.refund_of = p.id AND r.status <> 'failed'), 0)::int AS refunded
         FROM booking_payments p
        WHERE p.booking_id = $1 AND p.kind <> 'refund' AND p.status = 'completed'
        ORDER BY p.created_at DESC, p.id`,
      [b.id],
    );
    const pending: string[] = [];
    let left = refundCents;
    for (const charge of charges) {
      const amount = Math.min(left, charge.amount_cents - charge.refunded);
      if (amount <= 0) continue;
      left -= amount;
      const id = randomUUID();
      const test = charge.test_mode || !charge.square_payment_id;
      await m.insert(BookingPaymentEntity, {
        id,
        bookingId: b.id,
        kind: 'refund',
        amountCents: amount,
        status: test ? 'completed' : 'pending',
        testMode: charge.test_mode,
        idempotencyKey: id,
        refundOf: charge.id,
        settledAt: test ? new Date() : null,
      });
      if (test) {
        b.refundedCents += amount;
        await m.getRepository(BookingEntity).update({ id: b.id }, { refundedCents: b.refundedCents });
        await this.note(m, b.id, actor, 'refunded', { amountCents: amount, testMode: true, reason });
      } else pending.push(id);
      if (left === 0) break;
    }
    if (left > 0) log('error', 'a booking refund found less paid than its booking records', { bookingId: b.id, missingCents: left });
    return pending;
  }

  /**
   * Inside a move's transaction, once the booking is confirmed: when its balance's due day has
   * come, the balance falls due (reminder e-mailed), or, with nothing left to pay, it is complete.
   */
  async balanceIfDue(m: EntityManager, b: BookingEntity, ctx: MailContext, today: string): Promise<void> {
    if (b.state !== 'confirmed' || !b.balanceDueDate || b.balanceDueDate > today) return;
    if (b.balanceCents > b.balancePaidCents) {
      await this.move(m, b, 'balance_due', { actor: 'system', type: 'balance-due', detail: { amountCents: b.balanceCents - b.balancePaidCents }, ctx });
    } else await this.move(m, b, 'completed', { actor: 'system', type: 'completed', detail: { note: 'Paid in full' } });
  }

  /**
   * The daily job (BookingJobsService): bookings whose event day has passed are completed; then
   * every confirmed booking whose balance has fallen due moves to balance due, its reminder
   * e-mailed. Each booking is its own transaction; running twice changes nothing more.
   */
  async dueBalances(now = new Date()): Promise<{ completed: number; due: number }> {
    const ctx = await this.mails.context();
    const today = dayIn(now, ctx.timeZone);
    let completed = 0;
    let due = 0;
    const passed = await this.dataSource.query<Array<{ id: number }>>(
      `SELECT id FROM bookings WHERE state IN ('confirmed', 'balance_due') AND event_date < $1 ORDER BY id`,
      [today],
    );
    for (const { id } of passed) {
      await this.stateMachines.withLocked(this.machine, { id }, async (m, b) => {
        if ((b.state !== 'confirmed' && b.state !== 'balance_due') || b.eventDate >= today) return;
        await this.move(m, b, 'completed', {
          actor: 'system',
          type: 'completed',
          detail: { note: 'The event day has passed', outstandingCents: b.balanceCents - b.balancePaidCents },
        });
        completed++;
      });
    }
    const falling = await this.dataSource.query<Array<{ id: number }>>(
      `SELECT id FROM bookings WHERE state = 'confirmed' AND balance_due_date <= $1 ORDER BY id`,
      [today],
    );
    for (const { id } of falling) {
      await this.stateMachines.withLocked(this.machine, { id }, async (m, b) => {
        const before = b.state;
        await this.balanceIfDue(m, b, ctx, today);
        if (b.state !== before) due++;
      });
    }
    return { completed, due };
  }

  // --- The owner moves the booking's day -------------------------------------------------------------

  /**
   * The owner moves the booking to another day and times; everything follows in one transaction.
   * Allowed while requested, awaiting deposit, confirmed or balance due (409 otherwise); the new day
   * is the shop's today or later (400) and not one another booking holds (409, naming it). A day
   * the owner blocked, or one inside their lead time, is their own rule: allowed, and answered as a
   * warning. The same day and times again change nothing (no thread row, no e-mail).
   * What follows: the balance's due day, from the setting in force, while a balance is unpaid (a
   * confirmed booking whose balance so falls due moves to balance due with its reminder, as when the
   * deposit is paid late; one already balance due stays so, BOOKING_MOVES has no way back); the
   * tracker's stop; the thread row with where it was and where it is; the customer's e-mail with the
   * owner's note (and, once in the calendars, the updated invitation).
   */
  async reschedule(id: number, input: BookingReschedule, actor: Actor, now = new Date()): Promise<Rescheduled> {
    const ctx = await this.mails.context();
    const today = dayIn(now, ctx.timeZone);
    return this.stateMachines.withLocked(this.machine, { id }, async (m, b) => {
      if (!canRescheduleBooking(b.state))
        throw new ConflictError(
          `Booking ${b.reference} is ${BOOKING_STATE_LABELS[b.state].toLowerCase()}: its date can no longer be changed`,
          'BOOKING_STATE_CONFLICT',
        );
      if (b.eventDate === input.date && b.startTime === input.startTime && b.endTime === input.endTime) return { changed: false, warnings: [] };
      const to = parseOrThrow(bookingRescheduleSchemaFor({ today }), input);
      const holder = await m
        .getRepository(BookingEntity)
        .findOne({ where: { eventDate: to.date, id: Not(b.id), state: In([...BOOKING_DAY_TAKEN_STATES]) }, order: { id: 'ASC' } });
      if (holder) throw new ConflictError(`Booking ${holder.reference} already holds ${dayInWords(to.date)}. Please choose another date.`, 'DATE_UNAVAILABLE');
      const warnings = await this.dayWarnings(m, to.date, today, ctx.settings.leadTimeDays);

      const previous = { eventDate: b.eventDate, startTime: b.startTime, endTime: b.endTime };
      const unpaid = b.balanceCents > b.balancePaidCents;
      Object.assign(b, { eventDate: to.date, startTime: to.startTime, endTime: to.endTime }, to.note ? { ownerMessage: to.note } : {});
      if (b.balanceDueDate !== null && unpaid) b.balanceDueDate = balanceDueDay(to.date, ctx.settings.balanceDueDays);
      await this.syncStop(m, b);
      await m.getRepository(BookingEntity).save(b);
      await this.note(m, b.id, actor, 'rescheduled', {
        fromDate: previous.eventDate,
        fromStartTime: previous.startTime,
        fromEndTime: previous.endTime,
        toDate: to.date,
        toStartTime: to.startTime,
        toEndTime: to.endTime,
        note: to.note,
      });
      await this.mails.rescheduled(b, ctx, { previous, note: to.note, testMode: await paidInTestMode(m, b.id) }, m);
      if (unpaid) await this.balanceIfDue(m, b, ctx, today);
      return { changed: true, warnings };
    });
  }

  /** What the owner is warned of about a day they move a booking to: they blocked it, or it is inside their lead time. */
  private async dayWarnings(m: EntityManager, day: string, today: string, leadTimeDays: number): Promise<Rescheduled['warnings']> {
    const warnings: Rescheduled['warnings'] = [];
    const blocked = await m.findOneBy(BookingBlockedDayEntity, { day });
    if (blocked)
      warnings.push({
        kind: 'blocked',
        message: `You blocked ${dayInWords(day)}${blocked.note ? ` (${blocked.note})` : ''}. The booking is on that day all the same.`,
      });
    if (day === today) warnings.push({ kind: 'lead_time', message: `${dayInWords(day)} is today: customers could not ask for it at such short notice.` });
    else if (day < firstBookableDay(today, leadTimeDays))
      warnings.push({ kind: 'lead_time', message: `${dayInWords(day)} is inside your ${leadTimeDays}-day lead time: customers could not ask for it.` });
    return warnings;
  }
}
