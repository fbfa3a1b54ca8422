import {
  adminBookingDetailSchema,
  bookingAvailabilitySchema,
  bookingPaymentResultSchema,
  bookingCancelResultSchema,
  instantOf,
  shiftDay,
} from '@cocoa/shared-types';
import ICAL from 'ical.js';
import { JobsService } from '../jobs/jobs.service';
import { eventually } from '../test/eventually';
import { useBookingDesk } from '../test/booking-desk';
import { BOOKINGS_DAILY_JOB } from './booking-jobs.service';
import { BookingMovesService } from './booking-moves.service';
import {
  bookingLinkIn,
  bookingRow,
  lastMailId,
  mailsSince,
  payBooking,
  paymentKey,
  type Requested,
  requestBody,
  requestBooking,
  shopDay,
} from './bookings.fixtures';
import { databaseSnapshot } from '../test/db-snapshot';

describe('event booking: every move, and the moves refused', () => {
  const { t, admin, pkg, accept } = useBookingDesk({ CONTACT_TO: 'owner@cocoa.test' });

  /** Each booking on a day of its own (a paid one takes its day), 30 days ahead and on, unless the test names the day. */
  let nextDays = 30;
  const book = async (days = nextDays++): Promise<Requested & { days: number }> => ({
    ...(await requestBooking(t, requestBody(pkg.id, { date: shopDay(days) }))),
    days,
  });
  const pay = (b: Requested, kind: 'deposit' | 'balance', over: { sourceId?: string; idempotencyKey?: string } = {}) => payBooking(t, b, kind, over);
  const cancel = (b: Requested, reason?: string) =>
    t
      .agent()
      .post(`/api/bookings/${b.reference}/cancel`)
      .query({ token: b.token })
      .send(reason ? { reason } : {});
  const thread = (b: Requested) =>
    t.dataSource.query<Array<{ actor: string; type: string; from_state: string | null; to_state: string | null }>>(
      'SELECT actor, type, from_state, to_state FROM booking_events WHERE booking_id = $1 ORDER BY id',
      [b.id],
    );
  /** A booking accepted and its deposit paid (test mode). */
  const confirmed = async (days = nextDays++) => {
    const b = await book(days);
    expect((await accept(b)).status).toBe(200);
    expect((await pay(b, 'deposit')).status).toBe(200);
    return b;
  };
  const expectRefused = async (send: () => Promise<{ status: number; body: { code?: string; message?: string } }>, status: number, code: string) => {
    const before = await databaseSnapshot(t.dataSource);
    const res = await send();
    expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
    expect(await databaseSnapshot(t.dataSource)).toBe(before);
    return res;
  };

  describe('accept', () => {
    it('moves requested → awaiting deposit with the estimate as the quote, fixes the balance’s due day, e-mails the quote and the deposit link', async () => {
      const b = await book();
      const before = await lastMailId(t.dataSource);
      const res = await accept(b, { note: 'We will set up by the lake from 5 PM.' });
      expect(res.status).toBe(200);
      const detail = adminBookingDetailSchema.parse(res.body);
      expect(detail).toMatchObject({
        state: 'awaiting_deposit',
        quoteCents: 40000,
        depositCents: 10000,
        balanceCents: 30000,
        balanceDueDate: shiftDay(shopDay(b.days), -14),
      });
      expect(detail.events.map((e) => [e.actor, e.type, e.fromState, e.toState, e.note])).toEqual([
        ['customer', 'requested', null, 'requested', null],
        ['admin:admin', 'accepted', 'requested', 'awaiting_deposit', 'We will set up by the lake from 5 PM.'],
      ]);
      const mails = await mailsSince(t, before);
      expect(mails.map((m) => [m.template, m.recipient])).toEqual([['booking-quote', 'ana.diaz@example.com']]);
      expect(mails[0].subject).toBe(`Your quote for booking ${b.reference}: $400.00`);
      expect(mails[0].body_text).toContain('Pay the $100.00 deposit');
      expect(await bookingLinkIn(t, mails[0].body_text, b.reference)).toBe('valid');
      expect(mails[0].body_text).toContain('We will set up by the lake from 5 PM.');

      const view = await t.agent().get(`/api/bookings/${b.reference}`).query({ token: b.token });
      expect(view.body).toMatchObject({
        state: 'awaiting_deposit',
        amountDue: { kind: 'deposit', amountCents: 10000 },
        message: 'We will set up by the lake from 5 PM.',
      });
    });

    it('takes the owner’s own quote and splits it by the booking’s deposit percentage', async () => {
      const b = await book();
      const res = await accept(b, { quoteCents: 52345 });
      expect(res.body).toMatchObject({ quoteCents: 52345, depositCents: 13086, balanceCents: 39259 });
      expect(res.body.events.at(-1)).toMatchObject({ type: 'accepted', amountCents: null });
    });

    it('refuses to accept a cancelled, declined or already accepted booking (409, nothing changed)', async () => {
      const cancelled = await book();
      expect((await cancel(cancelled)).status).toBe(200);
      const res = await expectRefused(() => accept(cancelled), 409, 'BOOKING_STATE_CONFLICT');
      expect(res.body.message).toBe(`Booking ${cancelled.reference} is cancelled: it cannot be accepted`);

      const declined = await book();
      expect((await admin.post(`/api/admin/bookings/${declined.id}/decline`).send({ message: 'Sorry, we are away that week.' })).status).toBe(200);
      await expectRefused(() => accept(declined), 409, 'BOOKING_STATE_CONFLICT');

      const accepted = await book();
      expect((await accept(accepted)).status).toBe(200);
      await expectRefused(() => accept(accepted, { quoteCents: 1 }), 409, 'BOOKING_STATE_CONFLICT');
      await expectRefused(() => admin.post('/api/admin/bookings/999999/accept').send({}), 404, 'BOOKING_NOT_FOUND');
    });

    it('refuses a bad quote with 400 and changes nothing', async () => {
      const b = await book();
      for (const quoteCents of [0, -5, 12.5, '400', 10_000_001]) await expectRefused(() => accept(b, { quoteCents }), 400, 'BAD_INPUT');
    });
  });

  it('decline: requested → declined with the owner’s message, e-mailed to the customer', async () => {
    const b = await book();
    const before = await lastMailId(t.dataSource);
    const res = await admin.post(`/api/admin/bookings/${b.id}/decline`).send({ message: 'We are booked that day. Would the week after work?' });
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('declined');
    const mails = await mailsSince(t, before);
    expect(mails.map((m) => m.template)).toEqual(['booking-declined']);
    expect(mails[0].body_text).toContain('We are booked that day. Would the week after work?');
    expect((await t.agent().get(`/api/bookings/${b.reference}`).query({ token: b.token })).body).toMatchObject({
      state: 'declined',
      message: 'We are booked that day. Would the week after work?',
      cancellation: { allowed: false },
    });
    await expectRefused(() => admin.post(`/api/admin/bookings/${b.id}/decline`).send({ message: 'Again' }), 409, 'BOOKING_STATE_CONFLICT');
    await expectRefused(() => admin.post(`/api/admin/bookings/${b.id}/decline`).send({ message: ' ' }), 400, 'BAD_INPUT');
  });

  describe('the deposit (test mode: Square not connected)', () => {
    it('confirms the booking, takes the day, and e-mails both sides the confirmation with a calendar invitation', async () => {
      const b = await book();
      await accept(b);
      const before = await lastMailId(t.dataSource);
      const res = await pay(b, 'deposit');
      expect(res.status).toBe(200);
      const paid = bookingPaymentResultSchema.parse(res.body);
      expect(paid).toMatchObject({ paymentId: expect.stringMatching(/^test_/), amountCents: 10000, testMode: true });
      expect(paid.booking).toMatchObject({ state: 'confirmed', depositPaidCents: 10000, amountDue: null, testMode: true });
      expect(await bookingRow(t.dataSource, b.id)).toMatchObject({ state: 'confirmed', deposit_paid_cents: 10000 });
      expect((await thread(b)).at(-1)).toEqual({ actor: 'customer', type: 'deposit-paid', from_state: 'awaiting_deposit', to_state: 'confirmed' });

      const mails = await mailsSince(t, before);
      expect(mails.map((m) => [m.template, m.recipient])).toEqual([
        ['booking-confirmed', 'ana.diaz@example.com'],
        ['booking-confirmed', 'owner@cocoa.test'],
      ]);
      expect(mails[0].subject).toBe(`[TEST] Your booking ${b.reference} is confirmed`);
      for (const mail of mails) {
        expect(mail.attachments).toHaveLength(1);
        const [ics] = mail.attachments!;
        expect(ics).toMatchObject({ filename: `booking-${b.reference}.ics`, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' });
        // Read back by ical.js: the shop's 6-9 PM on the event's day in Chicago, whatever the server's zone.
        const calendar = new ICAL.Component(ICAL.parse(ics.content));
        expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
        const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
        const [y, m, d] = shopDay(b.days).split('-').map(Number);
        expect(event.startDate.toJSDate().toISOString()).toBe(instantOf({ year: y, month: m, day: d, hour: 18, minute: 0 }, 'America/Chicago').toISOString());
        expect(event.endDate.toJSDate().toISOString()).toBe(instantOf({ year: y, month: m, day: d, hour: 21, minute: 0 }, 'America/Chicago').toISOString());
        expect(event.uid).toBe(`booking-${b.reference}@localhost:3000`);
        expect(event.location).toBe('Lakeside Pavilion, 1200 Lake Shore Drive, Springfield, IL 62712');
      }

      const month = shopDay(b.days).slice(0, 7);
      const availability = bookingAvailabilitySchema.parse((await t.agent().get('/api/booking/availability').query({ month })).body);
      expect(availability.unavailable).toContainEqual({ date: shopDay(b.days), reason: 'booked' });
    });

    it('refuses to take the deposit twice (409, nothing changed) and answers the same payment to the same key', async () => {
      const b = await book();
      await accept(b);
      const key = paymentKey();
      const first = await pay(b, 'deposit', { idempotencyKey: key });
      expect(first.status).toBe(200);
      const again = await pay(b, 'deposit', { idempotencyKey: key });
      expect(again.status).toBe(200);
      expect(again.body.paymentId).toBe(first.body.paymentId);
      const res = await expectRefused(() => pay(b, 'deposit'), 409, 'ALREADY_PAID');
      expect(res.body.message).toBe(`The deposit for booking ${b.reference} is already paid`);
      expect(await bookingRow(t.dataSource, b.id)).toMatchObject({ deposit_paid_cents: 10000 });
      expect(Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM booking_payments WHERE booking_id = $1`, [b.id]))[0].n)).toBe(1);
    });

    it('takes only one of two deposits sent at once', async () => {
      const b = await book();
      await accept(b);
      const answers = await Promise.all([pay(b, 'deposit'), pay(b, 'deposit'), pay(b, 'deposit')]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      expect(await bookingRow(t.dataSource, b.id)).toMatchObject({ state: 'confirmed', deposit_paid_cents: 10000 });
    });

    it('a declined card: 402, nothing paid, the attempt in the thread, and paying again works', async () => {
      const b = await book();
      await accept(b);
      const res = await pay(b, 'deposit', { sourceId: 'cnon:card-nonce-declined' });
      expect(res.status).toBe(402);
      expect(res.body).toEqual({ message: 'Card declined', code: 'CARD_DECLINED' });
      expect(await bookingRow(t.dataSource, b.id)).toMatchObject({ state: 'awaiting_deposit', deposit_paid_cents: 0 });
      expect((await thread(b)).at(-1)).toMatchObject({ type: 'payment-failed', to_state: null });
      expect((await pay(b, 'deposit')).status).toBe(200);
    });

    it('refuses a deposit before the owner accepted, a balance before it is due, a card number instead of a test token, and a stranger without the token', async () => {
      const b = await book();
      await expectRefused(() => pay(b, 'deposit'), 409, 'NOTHING_DUE');
      await accept(b);
      await expectRefused(() => pay(b, 'balance'), 409, 'NOTHING_DUE');
      await expectRefused(() => pay(b, 'deposit', { sourceId: 'cnon:some-real-looking-token' }), 400, 'TEST_MODE_CARD_ONLY');
      await expectRefused(
        () => t.agent().post(`/api/bookings/${b.reference}/payments`).send({ kind: 'deposit', sourceId: 'cnon:card-nonce-ok', idempotencyKey: paymentKey() }),
        404,
        'BOOKING_NOT_FOUND',
      );
      const payment = (body: object) => t.agent().post(`/api/bookings/${b.reference}/payments`).query({ token: b.token }).send(body);
      await expectRefused(() => payment({ kind: 'deposit', sourceId: 'cnon:card-nonce-ok', idempotencyKey: 'short', amount: 1 }), 400, 'BAD_INPUT');
      await expectRefused(() => payment({ kind: 'tip', sourceId: 'cnon:card-nonce-ok', idempotencyKey: paymentKey() }), 400, 'BAD_INPUT');
    });
  });

  describe('the balance', () => {
    it('falls due N days before the event through the daily job: confirmed → balance due, reminder e-mailed; paying it completes the booking', async () => {
      const b = await confirmed();
      const moves = t.app.get(BookingMovesService);
      await moves.dueBalances();
      expect((await bookingRow(t.dataSource, b.id)).state).toBe('confirmed');

      const before = await lastMailId(t.dataSource);
      // The sweep as it runs on the balance's due day (the event's day less 14), an hour into it.
      const dueDay = new Date(Date.now() + (b.days - 14) * 86_400_000 + 3_600_000);
      const swept = await moves.dueBalances(dueDay);
      expect(swept.due).toBeGreaterThanOrEqual(1);
      expect((await bookingRow(t.dataSource, b.id)).state).toBe('balance_due');
      expect((await thread(b)).at(-1)).toEqual({ actor: 'system', type: 'balance-due', from_state: 'confirmed', to_state: 'balance_due' });
      const reminder = (await mailsSince(t, before)).find((m) => m.template === 'booking-balance-reminder' && m.body_text.includes(b.reference));
      expect(reminder?.subject).toBe(`The balance for booking ${b.reference} is due: $300.00`);
      // A second run the same day changes nothing more.
      const snapshot = await databaseSnapshot(t.dataSource);
      await moves.dueBalances(dueDay);
      expect(await databaseSnapshot(t.dataSource)).toBe(snapshot);

      const mailsBefore = await lastMailId(t.dataSource);
      const res = await pay(b, 'balance');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ amountCents: 30000, booking: { state: 'completed', balancePaidCents: 30000, amountDue: null } });
      expect((await thread(b)).at(-1)).toEqual({ actor: 'customer', type: 'balance-paid', from_state: 'balance_due', to_state: 'completed' });
      // The customer's receipt and the shop's note, queued with the payment.
      const paidMails = await mailsSince(t, mailsBefore);
      expect(paidMails.map((m) => [m.template, m.recipient])).toEqual([
        ['booking-balance-paid', 'ana.diaz@example.com'],
        ['booking-balance-paid', expect.not.stringMatching(/^ana\.diaz@/)],
      ]);
      expect(paidMails[0].subject).toBe(`[TEST] Thank you: booking ${b.reference} is paid in full`);
      expect(paidMails[0].body_text).toContain('We received your balance payment of $300.00');
      await expectRefused(() => pay(b, 'balance'), 409, 'ALREADY_PAID');
    });

    it('is due at once when the deposit is paid inside the balance window: confirmed, then balance due, in the same payment', async () => {
      const b = await book(10);
      await accept(b);
      const before = await lastMailId(t.dataSource);
      const res = await pay(b, 'deposit');
      expect(res.body.booking).toMatchObject({ state: 'balance_due', amountDue: { kind: 'balance', amountCents: 30000 } });
      expect((await thread(b)).slice(-2).map((e) => e.type)).toEqual(['deposit-paid', 'balance-due']);
      expect((await mailsSince(t, before)).map((m) => m.template)).toEqual(['booking-confirmed', 'booking-confirmed', 'booking-balance-reminder']);
    });

    it('runs as a daily job of the queue, at 09:00 in the shop’s zone; a job of it moves the bookings whose balance fell due', async () => {
      const [schedule] = await t.dataSource.query(`SELECT cron, timezone FROM pgboss.schedule WHERE name = $1`, [BOOKINGS_DAILY_JOB]);
      expect(schedule).toEqual({ cron: '0 9 * * *', timezone: 'America/Chicago' });
      const b = await confirmed();
      await t.dataSource.query(`UPDATE bookings SET balance_due_date = $2 WHERE id = $1`, [b.id, shopDay(0)]);
      await t.app.get(JobsService).send(BOOKINGS_DAILY_JOB, {});
      await eventually(async () => ((await bookingRow(t.dataSource, b.id)).state === 'balance_due' ? true : undefined), 'the daily job to run', 30_000);
      expect((await thread(b)).at(-1)).toEqual({ actor: 'system', type: 'balance-due', from_state: 'confirmed', to_state: 'balance_due' });
    });

    it('completes the bookings whose day has passed', async () => {
      const b = await confirmed();
      await t.dataSource.query(`UPDATE bookings SET event_date = $2 WHERE id = $1`, [b.id, shopDay(-1)]);
      const swept = await t.app.get(BookingMovesService).dueBalances();
      expect(swept.completed).toBeGreaterThanOrEqual(1);
      expect((await bookingRow(t.dataSource, b.id)).state).toBe('completed');
      expect((await thread(b)).at(-1)).toEqual({ actor: 'system', type: 'completed', from_state: 'confirmed', to_state: 'completed' });
    });
  });

  describe('cancellation by the customer, under the policy', () => {
    it('14 or more days before: the deposit comes back in full (recorded in test mode), both sides e-mailed, the calendar event cancelled', async () => {
      const b = await confirmed();
      const before = await lastMailId(t.dataSource);
      const res = await cancel(b, 'Our venue closed.');
      expect(res.status).toBe(200);
      const result = bookingCancelResultSchema.parse(res.body);
      expect(result).toMatchObject({ refundCents: 10000, booking: { state: 'cancelled', refundedCents: 10000, cancellation: { allowed: false } } });
      expect(
        await t.dataSource.query(`SELECT kind, amount_cents, status, test_mode FROM booking_payments WHERE booking_id = $1 ORDER BY created_at`, [b.id]),
      ).toEqual([
        { kind: 'deposit', amount_cents: 10000, status: 'completed', test_mode: true },
        { kind: 'refund', amount_cents: 10000, status: 'completed', test_mode: true },
      ]);
      expect((await thread(b)).slice(-2)).toEqual([
        { actor: 'customer', type: 'cancelled', from_state: 'confirmed', to_state: 'cancelled' },
        { actor: 'customer', type: 'refunded', from_state: null, to_state: null },
      ]);
      const mails = await mailsSince(t, before);
      expect(mails.map((m) => [m.template, m.recipient])).toEqual([
        ['booking-cancelled', 'ana.diaz@example.com'],
        ['booking-cancelled', 'owner@cocoa.test'],
      ]);
      expect(mails[0].body_text).toContain('A refund of $100.00 goes back to the card');
      expect(mails[1].body_text).toContain('Our venue closed.');
      expect(mails[0].attachments?.[0].contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
      const availability = await t
        .agent()
        .get('/api/booking/availability')
        .query({ month: shopDay(b.days).slice(0, 7) });
      expect(availability.body.unavailable).not.toContainEqual({ date: shopDay(b.days), reason: 'booked' });
    });

    it('exactly 14 days before still refunds in full; 13 days before keeps the deposit', async () => {
      const onTime = await confirmed(14);
      expect((await cancel(onTime)).body).toMatchObject({ refundCents: 10000, booking: { refundedCents: 10000 } });
      const late = await confirmed(13);
      const view = await t.agent().get(`/api/bookings/${late.reference}`).query({ token: late.token });
      expect(view.body.cancellation).toMatchObject({ allowed: true, refundCents: 0 });
      const before = await lastMailId(t.dataSource);
      expect((await cancel(late)).body).toMatchObject({ refundCents: 0, booking: { state: 'cancelled', refundedCents: 0, depositPaidCents: 10000 } });
      expect((await mailsSince(t, before))[0].body_text).toContain('Under the cancellation policy, the deposit is kept');
      expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM booking_payments WHERE booking_id = $1 AND kind = 'refund'`, [late.id])).toEqual([
        { n: 0 },
      ]);
    });

    it('withdraws an unanswered request or an unpaid quote with nothing to refund', async () => {
      const requested = await book();
      expect((await cancel(requested)).body).toMatchObject({ refundCents: 0, booking: { state: 'cancelled' } });
      const quoted = await book();
      await accept(quoted);
      expect((await cancel(quoted)).body).toMatchObject({ refundCents: 0, booking: { state: 'cancelled' } });
      expect((await thread(quoted)).at(-1)).toEqual({ actor: 'customer', type: 'cancelled', from_state: 'awaiting_deposit', to_state: 'cancelled' });
    });

    it('refuses to cancel a completed or already cancelled booking (409, nothing changed)', async () => {
      const done = await confirmed();
      expect((await admin.post(`/api/admin/bookings/${done.id}/complete`).send({})).status).toBe(200);
      const res = await expectRefused(() => cancel(done), 409, 'BOOKING_STATE_CONFLICT');
      expect(res.body.message).toBe(`Booking ${done.reference} is completed: it cannot be cancelled`);
      await expectRefused(() => admin.post(`/api/admin/bookings/${done.id}/cancel`).send({ refundCents: 0, message: 'No' }), 409, 'BOOKING_STATE_CONFLICT');
      const gone = await book();
      await cancel(gone);
      await expectRefused(() => cancel(gone), 409, 'BOOKING_STATE_CONFLICT');
    });

    it('refuses without the booking’s token', async () => {
      const b = await book();
      await expectRefused(() => t.agent().post(`/api/bookings/${b.reference}/cancel`).send({}), 404, 'BOOKING_NOT_FOUND');
    });
  });

  describe('cancellation by the owner', () => {
    it('refunds the amount the owner chooses and tells the customer why', async () => {
      const b = await confirmed();
      const before = await lastMailId(t.dataSource);
      const res = await admin.post(`/api/admin/bookings/${b.id}/cancel`).send({ refundCents: 6000, message: 'Our van broke down; we are so sorry.' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ state: 'cancelled', refundedCents: 6000, refundableCents: 4000 });
      expect(res.body.events.slice(-2).map((e: { type: string; actor: string }) => [e.type, e.actor])).toEqual([
        ['cancelled', 'admin:admin'],
        ['refunded', 'admin:admin'],
      ]);
      const mails = await mailsSince(t, before);
      expect(mails[0]).toMatchObject({ template: 'booking-cancelled', recipient: 'ana.diaz@example.com' });
      expect(mails[0].body_text).toContain('We have cancelled');
      expect(mails[0].body_text).toContain('Our van broke down; we are so sorry.');
      expect(mails[0].body_text).toContain('A refund of $60.00');
      expect((await t.agent().get(`/api/bookings/${b.reference}`).query({ token: b.token })).body.message).toBe('Our van broke down; we are so sorry.');
    });

    it('refuses a refund above what was paid (400, nothing changed)', async () => {
      const b = await confirmed();
      const res = await expectRefused(
        () => admin.post(`/api/admin/bookings/${b.id}/cancel`).send({ refundCents: 10001, message: 'Sorry' }),
        400,
        'REFUND_TOO_LARGE',
      );
      expect(res.body.message).toBe('The refund cannot be more than the $100.00 paid for this booking');
    });
  });

  it('complete: the owner closes a confirmed booking; a request cannot be completed', async () => {
    const b = await confirmed();
    const res = await admin.post(`/api/admin/bookings/${b.id}/complete`).send({});
    expect(res.body).toMatchObject({ state: 'completed' });
    expect(res.body.events.at(-1)).toMatchObject({ type: 'completed', actor: 'admin:admin', fromState: 'confirmed', toState: 'completed' });
    const requested = await book();
    await expectRefused(() => admin.post(`/api/admin/bookings/${requested.id}/complete`).send({}), 409, 'BOOKING_STATE_CONFLICT');
  });
});
