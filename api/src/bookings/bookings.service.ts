import { randomBytes, randomInt } from 'node:crypto';
import {
  type AdminBookingDetail,
  type AdminBookingsPage,
  type AdminBookingsQuery,
  ADMIN_BOOKINGS_PAGE_SIZE,
  BOOKING_REFERENCE_MAX,
  BOOKING_REFERENCE_MIN,
  BOOKING_STATES,
  type BookingCancelResult,
  type BookingCreated,
  type BookingPaymentResult,
  type BookingRequest,
  type BookingReschedule,
  type BookingRescheduled,
  type BookingState,
  type BookingView,
  bookingEstimate,
  bookingReference,
  bookingRequestSchemaFor,
  dayIn,
  daysOfMonth,
  type BookingTrackerChoice,
  type MyBooking,
} from '@cocoa/shared-types';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, Not, type Repository } from 'typeorm';
import { ConflictError, GoneError } from '../common/domain-errors';
import { log } from '../common/logger';
import type { SessionUser } from '../common/session-user';
import { parseOrThrow } from '../common/zod-validation.pipe';
import { EventsService } from '../events/events.service';
import { PickupSlotsService } from '../events/pickup-slots.service';
import { BookingAvailabilityService } from './booking-availability.service';
import { BookingEventEntity } from './booking-event.entity';
import { BookingMailService, type MailContext } from './booking-mail.service';
import { type Actor, bookingNotFound, BookingMovesService } from './booking-moves.service';
import { BookingPackagesService } from './booking-packages.service';
import { BookingPaymentEntity } from './booking-payment.entity';
import { type PaymentRequest, BookingPaymentsService } from './booking-payments.service';
import { BookingEntity } from './booking.entity';
import { customerCancellation, refundableOf, toAdminSummary, toBookingEvent, toBookingView, toMyBooking, toPaymentRecord } from './booking.mapper';

/** How a caller may open a booking: the link's token, or being its signed-in customer (or an admin). */
export interface BookingAccess {
  token?: string;
  user?: SessionUser;
}

/** Live bookings: the ones another booking on the same day clashes with. */
const LIVE_STATES: BookingState[] = ['requested', 'awaiting_deposit', 'confirmed', 'balance_due', 'completed'];

/**
 * Event bookings: the customer's request, status page, payments and cancellation, and the owner's
 * list and detail; the moves themselves are BookingMovesService's, the money BookingPaymentsService's.
 *
 * Decisions:
 * - A request is checked by the same schema the form uses (bookingRequestSchemaFor) with the
 *   package from the database and the shop's today; a day the owner blocked or a paid booking
 *   holds is refused with 409 (the calendar shows it, but two people may pick it at once).
 * - The estimate is the package's rule at request time and becomes the quote unless the owner
 *   changes it when accepting; the package's name and deposit percentage are copied then too.
 * - A booking opens with its link's token, or for its signed-in customer, or for an admin; an
 *   expired link of the booking answers 410, anyone else the same 404 as for a booking that does
 *   not exist.
 * - The reference is 'CB-' and 4 characters of a 32-character alphabet (a million codes); after
 *   three collisions it grows to 5, then 6 characters.
 */
@Injectable()
export class BookingsService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(BookingEntity) private readonly bookings: Repository<BookingEntity>,
    private readonly packages: BookingPackagesService,
    private readonly availability: BookingAvailabilityService,
    private readonly moves: BookingMovesService,
    private readonly payments: BookingPaymentsService,
    private readonly mails: BookingMailService,
    private readonly events: EventsService,
    private readonly stops: PickupSlotsService,
  ) {}

  // --- The customer --------------------------------------------------------------------------------

  /**
   * A new request, or (`replayed`) the booking an earlier request with the same idempotency key
   * made: the same reference and token, nothing stored or mailed again. The key is checked before
   * the day's rules, so a retry the next day still finds its booking. Decision: a key that comes
   * back with another package, day or e-mail address is refused (409), never answered with
   * someone else's booking.
   */
  async create(input: BookingRequest, user: SessionUser | undefined, now = new Date()): Promise<BookingCreated & { replayed: boolean }> {
    const ctx = await this.mails.context();
    const key = input.idempotencyKey ?? null;
    const earlier = key ? await this.bookings.findOneBy({ idempotencyKey: key }) : null;
    if (earlier) return this.replay(earlier, input, ctx, now);
    const today = dayIn(now, ctx.timeZone);
    const pkg = await this.packages.bookable(input.packageId);
    const request = parseOrThrow(bookingRequestSchemaFor({ today, leadTimeDays: ctx.settings.leadTimeDays, package: pkg }), input);
    const estimate = bookingEstimate(pkg, request.guests);
    const booking = await this.dataSource.transaction(async (m) => {
      const taken = await this.availability.takenReason(m, request.date);
      if (taken === 'blocked') throw new ConflictError('We are not taking bookings on that day. Please choose another date.', 'DATE_UNAVAILABLE');
      if (taken === 'booked') throw new ConflictError('That day is already booked. Please choose another date.', 'DATE_UNAVAILABLE');
      const b = await this.insert(m, {
        tokenNonce: randomBytes(16).toString('hex'),
        state: 'requested',
        packageId: pkg.id,
        packageName: pkg.name,
        eventDate: request.date,
        startTime: request.startTime,
        endTime: request.endTime,
        guests: request.guests,
        venueName: request.venueName,
        venueAddress: request.venueAddress,
        contactName: request.contactName,
        contactEmail: request.contactEmail.toLowerCase(),
        contactPhone: request.contactPhone,
        notes: request.notes,
        userId: user?.id ?? null,
        quoteCents: estimate.totalCents,
        depositPercent: pkg.depositPercent,
        depositCents: estimate.depositCents,
        balanceCents: estimate.balanceCents,
        idempotencyKey: key,
      });
      if (!b) return null;
      await m.insert(BookingEventEntity, {
        bookingId: b.id,
        actor: 'customer',
        type: 'requested',
        fromState: null,
        toState: 'requested',
        detail: { estimateCents: estimate.totalCents, signedIn: !!user },
      });
      await this.mails.received(b, ctx, m);
      return b;
    });
    // The same key raced in from another request, which stored it first: answer that one.
    if (!booking) return this.replay(await this.bookings.findOneByOrFail({ idempotencyKey: key! }), input, ctx, now);
    log('info', 'booking requested', { bookingId: booking.id, reference: booking.reference, eventDate: booking.eventDate });
    return {
      reference: booking.reference,
      token: ctx.signer.token(booking),
      statusPath: ctx.signer.path(booking),
      booking: await this.view(booking, ctx, now),
      replayed: false,
    };
  }

  private async replay(b: BookingEntity, input: BookingRequest, ctx: MailContext, now: Date): Promise<BookingCreated & { replayed: boolean }> {
    if (b.packageId !== input.packageId || b.eventDate !== input.date || b.contactEmail !== input.contactEmail.toLowerCase()) {
      throw new ConflictError('This request key was already used for another booking request. Please send the request again.', 'IDEMPOTENCY_KEY_REUSED');
    }
    return { reference: b.reference, token: ctx.signer.token(b), statusPath: ctx.signer.path(b), booking: await this.view(b, ctx, now), replayed: true };
  }

  /** The status page's booking, for its token, its signed-in customer, or an admin. */
  async findForViewer(reference: string, access: BookingAccess, now = new Date()): Promise<BookingView> {
    const ctx = await this.mails.context();
    return this.view(await this.open(reference, access, ctx), ctx, now);
  }

  async pay(reference: string, access: BookingAccess, input: PaymentRequest, now = new Date()): Promise<BookingPaymentResult> {
    const ctx = await this.mails.context();
    const booking = await this.open(reference, access, ctx);
    const done = await this.payments.pay(booking, input);
    return { ...done, booking: await this.view(await this.bookings.findOneByOrFail({ id: booking.id }), ctx, now) };
  }

  /** The customer cancels under the policy; the refund is the server's reckoning. */
  async cancelByCustomer(reference: string, access: BookingAccess, reason: string | null, now = new Date()): Promise<BookingCancelResult> {
    const ctx = await this.mails.context();
    const booking = await this.open(reference, access, ctx);
    const cancelled = await this.moves.cancel({ id: booking.id }, { by: 'customer', actor: 'customer', message: reason }, now);
    await this.payments.executeRefunds(cancelled.pendingRefundIds);
    return { refundCents: cancelled.refundCents, booking: await this.view(await this.bookings.findOneByOrFail({ id: booking.id }), ctx, now) };
  }

  /** The signed-in customer's bookings (those made while signed in), latest event first. */
  async mine(user: SessionUser): Promise<MyBooking[]> {
    const rows = await this.bookings.find({ where: { userId: user.id }, order: { eventDate: 'DESC', id: 'DESC' }, take: 100 });
    return rows.map(toMyBooking);
  }

  // --- The owner -----------------------------------------------------------------------------------

  /** One page of a state's bookings (or all), optionally those of one month, by event day. */
  async list(query: AdminBookingsQuery): Promise<AdminBookingsPage> {
    const month = query.month ? daysOfMonth(query.month) : null;
    const qb = this.bookings.createQueryBuilder('b');
    if (month) qb.where('b.eventDate BETWEEN :from AND :to', { from: month[0], to: month[month.length - 1] });
    const countRows = await qb
      .clone()
      .select('b.state', 'state')
      .addSelect('count(*)::int', 'n')
      .groupBy('b.state')
      .getRawMany<{ state: BookingState; n: number }>();
    if (query.state) qb.andWhere('b.state = :state', { state: query.state });
    const [rows, total] = await qb
      .orderBy('b.eventDate', 'ASC')
      .addOrderBy('b.startTime', 'ASC')
      .addOrderBy('b.id', 'ASC')
      .skip((query.page - 1) * ADMIN_BOOKINGS_PAGE_SIZE)
      .take(ADMIN_BOOKINGS_PAGE_SIZE)
      .getManyAndCount();
    const tested = await this.paidInTestMode(rows.map((b) => b.id));
    const counts = Object.fromEntries(BOOKING_STATES.map((s) => [s, countRows.find((r) => r.state === s)?.n ?? 0])) as Record<BookingState, number>;
    return { bookings: rows.map((b) => toAdminSummary(b, tested.has(b.id))), page: query.page, pageSize: ADMIN_BOOKINGS_PAGE_SIZE, total, counts };
  }

  /** The whole booking: its thread, payments, and what else happens that day (other bookings, scheduled stops). */
  async detail(id: number, now = new Date()): Promise<AdminBookingDetail> {
    const ctx = await this.mails.context();
    const b = await this.bookings.findOneBy({ id });
    if (!b) throw bookingNotFound();
    const [events, payments, others, stops] = await Promise.all([
      this.dataSource.getRepository(BookingEventEntity).find({ where: { bookingId: id }, order: { id: 'ASC' } }),
      this.dataSource.getRepository(BookingPaymentEntity).find({ where: { bookingId: id }, order: { createdAt: 'ASC', id: 'ASC' } }),
      this.bookings.find({ where: { eventDate: b.eventDate, id: Not(id), state: In(LIVE_STATES) }, order: { startTime: 'ASC', id: 'ASC' } }),
      this.events.onDay(b.eventDate),
    ]);
    const testMode = payments.some((p) => p.testMode && p.kind !== 'refund' && p.status === 'completed');
    return {
      ...toAdminSummary(b, testMode),
      packageId: b.packageId,
      timeZone: ctx.timeZone,
      venueAddress: b.venueAddress,
      contactPhone: b.contactPhone,
      notes: b.notes,
      depositPercent: b.depositPercent,
      depositCents: b.depositCents,
      balanceCents: b.balanceCents,
      balanceDueDate: b.balanceDueDate,
      refundableCents: refundableOf(b),
      policyRefundCents: customerCancellation(b, dayIn(now, ctx.timeZone), ctx.settings).refundCents,
      statusUrl: ctx.signer.url(b),
      tracker: b.tracker,
      stopId: b.stopId,
      events: events.map(toBookingEvent),
      payments: payments.map(toPaymentRecord),
      clashes: {
        bookings: others.map((o) => ({
          id: o.id,
          reference: o.reference,
          state: o.state,
          startTime: o.startTime,
          endTime: o.endTime,
          contactName: o.contactName,
        })),
        stops: stops
          .filter((s) => s.id !== b.stopId)
          .map((s) => ({ id: s.id, title: s.title, startTime: s.startTime, endTime: s.endTime, location: s.location })),
      },
    };
  }

  async accept(id: number, input: { quoteCents?: number; note: string | null; tracker?: BookingTrackerChoice }, actor: Actor): Promise<AdminBookingDetail> {
    await this.moves.accept(id, input, actor);
    return this.detail(id);
  }

  async setTracker(id: number, tracker: BookingTrackerChoice, actor: Actor): Promise<AdminBookingDetail> {
    await this.moves.setTracker(id, tracker, actor);
    return this.detail(id);
  }

  async decline(id: number, message: string, actor: Actor): Promise<AdminBookingDetail> {
    await this.moves.decline(id, message, actor);
    return this.detail(id);
  }

  async cancelByOwner(id: number, input: { refundCents: number; message: string }, actor: Actor): Promise<AdminBookingDetail> {
    const cancelled = await this.moves.cancel({ id }, { by: 'shop', actor, refundCents: input.refundCents, message: input.message });
    await this.payments.executeRefunds(cancelled.pendingRefundIds);
    return this.detail(id);
  }

  async complete(id: number, actor: Actor): Promise<AdminBookingDetail> {
    await this.moves.complete(id, actor);
    return this.detail(id);
  }

  /** The owner tries a failed refund again (Square refused it, or was not connected). */
  async retryRefund(id: number, refundId: string, actor: `admin:${string}`): Promise<AdminBookingDetail> {
    await this.payments.retryRefund(id, refundId, actor);
    return this.detail(id);
  }

  /** The owner moves the booking's day and times: the booking as it now is (its clashes the new day's), with the warnings about that day. */
  async reschedule(id: number, input: BookingReschedule, actor: Actor): Promise<BookingRescheduled> {
    const { warnings } = await this.moves.reschedule(id, input, actor);
    return { ...(await this.detail(id)), warnings };
  }

  // --- Helpers -------------------------------------------------------------------------------------

  private async open(reference: string, access: BookingAccess, ctx: MailContext): Promise<BookingEntity> {
    const b = await this.bookings.findOneBy({ reference });
    if (!b) throw bookingNotFound();
    if (access.user && (access.user.isAdmin || b.userId === access.user.id)) return b;
    const verdict = access.token ? ctx.signer.verify(b, access.token) : 'invalid';
    if (verdict === 'valid') return b;
    // Only a link this booking's own key signed can say it expired; anything else is the 404 of a missing booking.
    if (verdict === 'expired')
      throw new GoneError('This booking link has expired. Please use the link from your latest e-mail about the booking, or sign in.', 'BOOKING_LINK_EXPIRED');
    throw bookingNotFound();
  }

  private async view(b: BookingEntity, ctx: MailContext, now: Date): Promise<BookingView> {
    const [events, payments, preorders] = await Promise.all([
      this.dataSource.getRepository(BookingEventEntity).find({ where: { bookingId: b.id }, order: { id: 'ASC' } }),
      this.dataSource.getRepository(BookingPaymentEntity).find({ where: { bookingId: b.id } }),
      b.stopId === null ? false : this.stops.takesOrders(b.stopId),
    ]);
    return toBookingView(b, { timeZone: ctx.timeZone, today: dayIn(now, ctx.timeZone), settings: ctx.settings, events, payments, preorders });
  }

  private async paidInTestMode(ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await this.dataSource
      .getRepository(BookingPaymentEntity)
      .find({ select: { bookingId: true }, where: { bookingId: In(ids), testMode: true, status: 'completed', kind: Not('refund') } });
    return new Set(rows.map((r) => r.bookingId));
  }

  /**
   * Inserts the booking under a fresh reference (a taken one is skipped by the unique index).
   * Answers null when its idempotency key is stored already (a concurrent request with the same key committed first).
   */
  private async insert(m: EntityManager, fields: Omit<Partial<BookingEntity>, 'reference'>): Promise<BookingEntity | null> {
    for (let attempt = 0; attempt < 9; attempt++) {
      const length = Math.min(BOOKING_REFERENCE_MIN + Math.floor(attempt / 3), BOOKING_REFERENCE_MAX);
      const reference = bookingReference((size) => randomInt(size), length);
      const result = await m
        .createQueryBuilder()
        .insert()
        .into(BookingEntity)
        .values({ ...fields, reference })
        .orIgnore()
        .returning('id')
        .execute();
      const [row] = result.raw as Array<{ id: number }>;
      if (row) return m.findOneByOrFail(BookingEntity, { id: row.id });
      if (fields.idempotencyKey && (await m.existsBy(BookingEntity, { idempotencyKey: fields.idempotencyKey }))) return null;
    }
    throw new Error('No free booking reference after 9 tries');
  }
}
