import { bookingRescheduledSchema, formatLongDate, instantOf, noonOf, type ScheduledEvent, shiftDay } from '@cocoa/shared-types';
import ICAL from 'ical.js';
import { renderMail } from '../mail/templates';
import { useBookingDesk } from '../test/booking-desk';
import { type TestAgent } from '../test/test-app';
import { bookingInvitation } from './booking-ics';
import { INVITATION_OPTIONS, INVITED_BOOKING, MAIL_SHOP, MAILED_BOOKING } from './booking-mail.fixtures';
import { bookingLinkIn, bookingRow, lastMailId, mailsSince, payBooking, type Requested, requestBody, requestBooking, shopDay } from './bookings.fixtures';
import { databaseSnapshot } from '../test/db-snapshot';
import { expectInBothParts, flat } from '../test/mail-parts';

type Mail = Awaited<ReturnType<typeof mailsSince>>[number];

const ZONE = 'America/Chicago';
/** 'June 20, 2026': a day as the messages and warnings write it. */
const inWords = (day: string) => formatLongDate(noonOf(day, ZONE), ZONE);

/** The one event of an attached invitation, read back by ical.js, with the calendar's METHOD. */
function invitationOf(mail: Mail) {
  expect(mail.attachments).toHaveLength(1);
  const calendar = new ICAL.Component(ICAL.parse(mail.attachments![0].content));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: calendar.getFirstPropertyValue('method'),
    sequence: Number(vevent.getFirstPropertyValue('sequence')),
    event: new ICAL.Event(vevent),
    contentType: mail.attachments![0].contentType,
  };
}

const at = (day: string, time: string) => {
  const [year, month, date] = day.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return instantOf({ year, month, day: date, hour, minute }, ZONE).toISOString();
};

describe('event booking: the owner moves a booking’s date and times', () => {
  const { t, admin, pkg, accept } = useBookingDesk({ CONTACT_TO: 'owner@cocoa.test' }, { name: 'Iced & Shake Bar' });

  /** Each booking on a day of its own (a paid one takes its day), 150 days ahead and on (clear of the days the tests move to), unless the test names the day. */
  let nextDays = 150;
  const book = async (days = nextDays++): Promise<Requested & { day: string }> => {
    const day = shopDay(days);
    return { ...(await requestBooking(t, requestBody(pkg.id, { date: day }))), day };
  };
  const payDeposit = (b: Requested) => payBooking(t, b);
  const confirmed = async (days = nextDays++, tracker = 'none') => {
    const b = await book(days);
    expect((await accept(b, { tracker })).status).toBe(200);
    expect((await payDeposit(b)).status).toBe(200);
    return b;
  };
  const reschedule = (b: Pick<Requested, 'id'>, body: unknown, agent: TestAgent = admin) =>
    agent.post(`/api/admin/bookings/${b.id}/reschedule`).send(body as object);
  const thread = (b: Requested) =>
    t.dataSource.query<Array<{ actor: string; type: string; from_state: string | null; to_state: string | null; detail: Record<string, unknown> }>>(
      'SELECT actor, type, from_state, to_state, detail FROM booking_events WHERE booking_id = $1 ORDER BY id',
      [b.id],
    );
  const counts = async () => {
    const [row] = await t.dataSource.query<Array<{ events: number; mails: number }>>(
      'SELECT (SELECT count(*)::int FROM booking_events) AS events, (SELECT count(*)::int FROM mail_outbox) AS mails',
    );
    return row;
  };
  /** The public schedule of one day, as the tracker reads it (anonymous, through the public answer cache). */
  const stopsOn = async (day: string): Promise<ScheduledEvent[]> => {
    const res = await t
      .agent()
      .get('/api/events')
      .query({ from: day, to: shiftDay(day, 1) });
    expect(res.status).toBe(200);
    return res.body as ScheduledEvent[];
  };
  /** A refused request: its status and code, and nothing changed (no row, no thread row, no message queued). */
  const expectRefused = async (send: () => Promise<{ status: number; body: { code?: string; message?: string } }>, status: number, code?: string) => {
    const before = await databaseSnapshot(t.dataSource);
    const beforeCounts = await counts();
    const res = await send();
    expect({ status: res.status, code: res.body.code }).toEqual({ status, code: code ?? res.body.code });
    expect(await counts()).toEqual(beforeCounts);
    expect(await databaseSnapshot(t.dataSource)).toBe(before);
    return res;
  };

  describe('a confirmed booking', () => {
    it('moves to the new day and times: the balance’s due day, the thread, the e-mails with the updated invitation and the tracker’s stop follow', async () => {
      const b = await confirmed(nextDays++, 'public');
      const to = shopDay(45);
      const stopId = (await admin.get(`/api/admin/bookings/${b.id}`)).body.stopId as number;
      expect((await stopsOn(b.day)).map((s) => s.id)).toContain(stopId);
      const confirmation = (await mailsSince(t, 0)).find((m) => m.template === 'booking-confirmed' && m.body_text.includes(b.reference))!;
      const before = await lastMailId(t.dataSource);

      const res = await reschedule(b, { date: to, startTime: '17:00', endTime: '20:30', note: 'The park asked us to move a week later.' });
      expect(res.status).toBe(200);
      const detail = bookingRescheduledSchema.parse(res.body);
      expect(detail).toMatchObject({
        state: 'confirmed',
        date: to,
        startTime: '17:00',
        endTime: '20:30',
        balanceDueDate: shiftDay(to, -14),
        stopId,
        warnings: [],
      });
      expect(detail.events.at(-1)).toMatchObject({
        type: 'rescheduled',
        actor: 'admin:admin',
        fromState: null,
        toState: null,
        note: 'The park asked us to move a week later.',
      });
      expect((await thread(b)).at(-1)?.detail).toEqual({
        fromDate: b.day,
        fromStartTime: '18:00',
        fromEndTime: '21:00',
        toDate: to,
        toStartTime: '17:00',
        toEndTime: '20:30',
        note: 'The park asked us to move a week later.',
      });
      expect(await bookingRow(t.dataSource, b.id)).toMatchObject({ state: 'confirmed', balance_due_date: shiftDay(to, -14) });

      // The customer is told (old → new, the note, the status link) and the shop too; both with the updated invitation.
      const mails = await mailsSince(t, before);
      expect(mails.map((m) => [m.template, m.recipient])).toEqual([
        ['booking-rescheduled', 'ana.diaz@example.com'],
        ['booking-rescheduled', 'owner@cocoa.test'],
      ]);
      const [customer, shop] = mails;
      expect(customer.subject).toBe(
        `[TEST] Your booking ${b.reference} has moved to ${new Date(noonOf(to, ZONE)).toLocaleDateString('en-US', { weekday: 'long', timeZone: ZONE })}, ${inWords(to)}`,
      );
      const text = flat(customer.body_text);
      expect(text).toContain(
        `Was: ${new Date(noonOf(b.day, ZONE)).toLocaleDateString('en-US', { weekday: 'long', timeZone: ZONE })}, ${inWords(b.day)}, 6:00 PM to 9:00 PM`,
      );
      expect(text).toContain(
        `Now: ${new Date(noonOf(to, ZONE)).toLocaleDateString('en-US', { weekday: 'long', timeZone: ZONE })}, ${inWords(to)}, 5:00 PM to 8:30 PM`,
      );
      expect(text).toContain('The park asked us to move a week later.');
      expect(text).toContain('The updated calendar invitation is attached');
      expect(await bookingLinkIn(t, customer.body_text, b.reference)).toBe('valid');
      expect(shop.body_text).toContain(`/admin?tab=bookings&booking=${b.id}`);
      const first = invitationOf(confirmation);
      for (const mail of [customer, shop]) {
        const ics = invitationOf(mail);
        expect(ics).toMatchObject({ method: 'PUBLISH', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' });
        // The same event (UID) in a later revision, at the new times: calendars move it.
        expect(ics.event.uid).toBe(first.event.uid);
        expect(first.sequence).toBe(0);
        expect(ics.sequence).toBeGreaterThan(0);
        expect(ics.event.startDate.toJSDate().toISOString()).toBe(at(to, '17:00'));
        expect(ics.event.endDate.toJSDate().toISOString()).toBe(at(to, '20:30'));
      }

      // The public tracker shows the stop on the new day, and no longer on the old one.
      const moved = (await stopsOn(to)).find((s) => s.id === stopId);
      expect(moved).toMatchObject({ title: 'Iced & Shake Bar', startTime: '17:00', endTime: '20:30', date: noonOf(to, ZONE).toISOString() });
      expect((await stopsOn(b.day)).map((s) => s.id)).not.toContain(stopId);

      // The customer's status page, the day's availability and the owner's note.
      expect((await t.agent().get(`/api/bookings/${b.reference}`).query({ token: b.token })).body).toMatchObject({
        date: to,
        startTime: '17:00',
        endTime: '20:30',
        balanceDueDate: shiftDay(to, -14),
        message: 'The park asked us to move a week later.',
      });
      const month = async (day: string) =>
        (
          await t
            .agent()
            .get('/api/booking/availability')
            .query({ month: day.slice(0, 7) })
        ).body.unavailable as Array<{ date: string; reason: string }>;
      expect(await month(to)).toContainEqual({ date: to, reason: 'booked' });
      expect(await month(b.day)).not.toContainEqual({ date: b.day, reason: 'booked' });
    });

    it('each move is a later revision of the calendar event, and a cancellation after them is later still', async () => {
      const b = await confirmed();
      let before = await lastMailId(t.dataSource);
      expect((await reschedule(b, { date: shopDay(50), startTime: '18:00', endTime: '21:00' })).status).toBe(200);
      expect(invitationOf((await mailsSince(t, before))[0]).sequence).toBe(1);
      before = await lastMailId(t.dataSource);
      expect((await reschedule(b, { date: shopDay(51), startTime: '12:00', endTime: '15:00' })).status).toBe(200);
      const second = (await mailsSince(t, before))[0];
      expect(invitationOf(second).sequence).toBe(2);
      // Without a note, the message has none.
      expect(flat(second.body_text)).toContain(`Was: `);
      before = await lastMailId(t.dataSource);
      expect((await admin.post(`/api/admin/bookings/${b.id}/cancel`).send({ refundCents: 0, message: 'We have to cancel.' })).status).toBe(200);
      const cancel = invitationOf((await mailsSince(t, before))[0]);
      expect(cancel).toMatchObject({ method: 'CANCEL', sequence: 3 });
    });

    it('the same day and times again: 200 and nothing changed, no e-mail', async () => {
      const b = await confirmed();
      const before = await databaseSnapshot(t.dataSource);
      const beforeCounts = await counts();
      const res = await reschedule(b, { date: b.day, startTime: '18:00', endTime: '21:00', note: 'Just checking' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ date: b.day, startTime: '18:00', endTime: '21:00', warnings: [] });
      expect(await counts()).toEqual(beforeCounts);
      expect(await databaseSnapshot(t.dataSource)).toBe(before);
    });

    it('moved inside the balance window: the balance falls due at once (reminder e-mailed); a booking already balance due moved later stays balance due', async () => {
      const b = await confirmed();
      const before = await lastMailId(t.dataSource);
      const res = await reschedule(b, { date: shopDay(10), startTime: '18:00', endTime: '21:00' });
      expect(res.body).toMatchObject({ state: 'balance_due', balanceDueDate: shiftDay(shopDay(10), -14) });
      expect((await mailsSince(t, before)).map((m) => m.template)).toEqual(['booking-rescheduled', 'booking-rescheduled', 'booking-balance-reminder']);
      expect((await thread(b)).slice(-2).map((e) => [e.type, e.from_state, e.to_state])).toEqual([
        ['rescheduled', null, null],
        ['balance-due', 'confirmed', 'balance_due'],
      ]);

      // Moved out again: the due day is recomputed (in the future now) but BOOKING_MOVES has no way back.
      const later = shopDay(70);
      const back = await reschedule(b, { date: later, startTime: '18:00', endTime: '21:00' });
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({ state: 'balance_due', balanceDueDate: shiftDay(later, -14) });
      expect((await t.agent().get(`/api/bookings/${b.reference}`).query({ token: b.token })).body.amountDue).toEqual({ kind: 'balance', amountCents: 30000 });
    });
  });

  describe('before the deposit', () => {
    it('a request moves without an invitation (nothing is in the calendars) and keeps no balance due day', async () => {
      const b = await book();
      const to = shopDay(80);
      const before = await lastMailId(t.dataSource);
      const res = await reschedule(b, { date: to, startTime: '10:00', endTime: '13:00' });
      expect(res.body).toMatchObject({ state: 'requested', date: to, balanceDueDate: null, stopId: null });
      const mails = await mailsSince(t, before);
      expect(mails.map((m) => [m.template, m.recipient])).toEqual([['booking-rescheduled', 'ana.diaz@example.com']]);
      expect(mails[0].attachments).toBeNull();
      expect(mails[0].subject).toMatch(new RegExp(`^Your booking ${b.reference} has moved to `));
      expect(mails[0].body_text).not.toContain('calendar invitation');
    });

    it('an accepted booking: the balance’s due day follows the new day, from the setting in force', async () => {
      const b = await book();
      expect((await accept(b)).status).toBe(200);
      await admin.put('/api/admin/booking/settings').send({ leadTimeDays: 7, depositPercent: 25, balanceDueDays: 10, fullRefundDays: 14 });
      try {
        const res = await reschedule(b, { date: shopDay(81), startTime: '18:00', endTime: '21:00' });
        expect(res.body).toMatchObject({ state: 'awaiting_deposit', balanceDueDate: shiftDay(shopDay(81), -10) });
      } finally {
        await admin.put('/api/admin/booking/settings').send({ leadTimeDays: 7, depositPercent: 25, balanceDueDays: 14, fullRefundDays: 14 });
      }
    });
  });

  describe('the owner’s own rules are warnings, not refusals', () => {
    it('a day they blocked, inside the lead time, today; the new day’s other bookings and stops show as clashes', async () => {
      const blockedDay = shopDay(90);
      expect((await admin.post('/api/admin/booking/blocked-days').send({ date: blockedDay, note: 'Family wedding' })).status).toBe(201);
      const other = await book(91);
      const b = await confirmed();

      const onBlocked = bookingRescheduledSchema.parse((await reschedule(b, { date: blockedDay, startTime: '18:00', endTime: '21:00' })).body);
      expect(onBlocked.date).toBe(blockedDay);
      expect(onBlocked.warnings).toEqual([
        { kind: 'blocked', message: `You blocked ${inWords(blockedDay)} (Family wedding). The booking is on that day all the same.` },
      ]);

      const soon = shopDay(3);
      const inside = bookingRescheduledSchema.parse((await reschedule(b, { date: soon, startTime: '18:00', endTime: '21:00' })).body);
      expect(inside.warnings).toEqual([{ kind: 'lead_time', message: `${inWords(soon)} is inside your 7-day lead time: customers could not ask for it.` }]);

      const today = bookingRescheduledSchema.parse((await reschedule(b, { date: shopDay(0), startTime: '23:00', endTime: '01:00' })).body);
      expect(today).toMatchObject({ date: shopDay(0), startTime: '23:00', endTime: '01:00' });
      expect(today.warnings).toEqual([{ kind: 'lead_time', message: `${inWords(shopDay(0))} is today: customers could not ask for it at such short notice.` }]);

      // A request on the day does not hold it: the move is allowed and the detail shows the clash.
      const onRequest = bookingRescheduledSchema.parse((await reschedule(b, { date: other.day, startTime: '09:00', endTime: '11:00' })).body);
      expect(onRequest.warnings).toEqual([]);
      expect(onRequest.clashes.bookings).toEqual([expect.objectContaining({ id: other.id, reference: other.reference, state: 'requested' })]);
    });
  });

  describe('refused, changing nothing', () => {
    it('a declined, cancelled or completed booking (409)', async () => {
      const declined = await book();
      expect((await admin.post(`/api/admin/bookings/${declined.id}/decline`).send({ message: 'Sorry, we are away.' })).status).toBe(200);
      const res = await expectRefused(() => reschedule(declined, { date: shopDay(100), startTime: '18:00', endTime: '21:00' }), 409, 'BOOKING_STATE_CONFLICT');
      expect(res.body.message).toBe(`Booking ${declined.reference} is declined: its date can no longer be changed`);

      const cancelled = await book();
      expect((await admin.post(`/api/admin/bookings/${cancelled.id}/cancel`).send({ refundCents: 0, message: 'We cannot make it.' })).status).toBe(200);
      expect(
        (await expectRefused(() => reschedule(cancelled, { date: shopDay(100), startTime: '18:00', endTime: '21:00' }), 409, 'BOOKING_STATE_CONFLICT')).body
          .message,
      ).toBe(`Booking ${cancelled.reference} is cancelled: its date can no longer be changed`);

      const completed = await confirmed();
      expect((await admin.post(`/api/admin/bookings/${completed.id}/complete`).send({})).status).toBe(200);
      await expectRefused(() => reschedule(completed, { date: shopDay(100), startTime: '18:00', endTime: '21:00' }), 409, 'BOOKING_STATE_CONFLICT');
      // Not even to the day it has.
      await expectRefused(() => reschedule(completed, { date: completed.day, startTime: '18:00', endTime: '21:00' }), 409, 'BOOKING_STATE_CONFLICT');
    });

    it('a day another booking holds (409, naming it); a request on it does not hold it', async () => {
      const holder = await confirmed();
      const b = await confirmed();
      const res = await expectRefused(() => reschedule(b, { date: holder.day, startTime: '10:00', endTime: '12:00' }), 409, 'DATE_UNAVAILABLE');
      expect(res.body.message).toBe(`Booking ${holder.reference} already holds ${inWords(holder.day)}. Please choose another date.`);
      const request = await book();
      await expectRefused(() => reschedule(request, { date: holder.day, startTime: '10:00', endTime: '12:00' }), 409, 'DATE_UNAVAILABLE');
    });

    it('a past day (400)', async () => {
      const b = await confirmed();
      const res = await expectRefused(() => reschedule(b, { date: shopDay(-1), startTime: '18:00', endTime: '21:00' }), 400, 'BAD_INPUT');
      expect(res.body.message).toBe('Please choose today or a later date');
    });

    it('bodies that are not a day and times (400 with a clear message)', async () => {
      const b = await confirmed();
      const ok = { date: shopDay(120), startTime: '18:00', endTime: '21:00' };
      const cases: Array<[unknown, string]> = [
        [{}, 'Please choose a date'],
        [{ ...ok, date: '' }, 'Please choose a date'],
        [{ ...ok, date: '2031-02-30' }, 'Date must be a date (YYYY-MM-DD)'],
        [{ ...ok, date: '1999-02-03' }, 'Date must be a date (YYYY-MM-DD)'],
        [{ ...ok, date: 20310101 }, 'Date must be a date (YYYY-MM-DD)'],
        [{ ...ok, startTime: '25:00' }, 'Start time must be a time (HH:MM, 24-hour)'],
        [{ ...ok, startTime: '6 PM' }, 'Start time must be a time (HH:MM, 24-hour)'],
        [{ ...ok, endTime: '' }, 'End time is required'],
        [{ ...ok, endTime: '18:00' }, 'End time must differ from the start time'],
        [{ ...ok, note: 'x'.repeat(2001) }, 'Must be at most 2000 characters'],
        [{ ...ok, note: 42 }, undefined as unknown as string],
        [{ ...ok, state: 'confirmed' }, 'Unknown field: state'],
        [[ok], undefined as unknown as string],
      ];
      for (const [body, message] of cases) {
        const res = await expectRefused(() => reschedule(b, body), 400, 'BAD_INPUT');
        if (message) expect({ body, message: res.body.message }).toEqual({ body, message });
        else expect(typeof res.body.message).toBe('string');
      }
      await expectRefused(() => admin.post(`/api/admin/bookings/${b.id}/reschedule`).set('content-type', 'text/plain').send(JSON.stringify(ok)), 400);
    });

    it('an unknown booking (404), a customer (403) and a stranger (401)', async () => {
      const b = await confirmed();
      const body = { date: shopDay(121), startTime: '18:00', endTime: '21:00' };
      await expectRefused(() => reschedule({ id: 999999 }, body), 404, 'BOOKING_NOT_FOUND');
      await expectRefused(() => admin.post('/api/admin/bookings/abc/reschedule').send(body), 400);
      await expectRefused(() => reschedule(b, body, t.agent()), 401);
      const customer = t.agent();
      expect((await customer.post('/api/register').send({ username: 'mover', email: 'mover@example.com', password: 'secret-123' })).status).toBe(201);
      const res = await expectRefused(() => reschedule(b, body, customer), 403);
      expect(res.body.message).toBe('Admin access required');
      // The booking's own customer link does not reach the owner's route either.
      await expectRefused(() => t.agent().post(`/api/admin/bookings/${b.id}/reschedule`).query({ token: b.token }).send(body), 401);
    });
  });
});

describe('the reschedule e-mail and invitation', () => {
  const SHOP = MAIL_SHOP;
  const BOOKING = {
    ...MAILED_BOOKING,
    eventDate: '2026-03-15',
    notes: null,
    balanceDueDate: '2026-03-01',
    previous: { eventDate: '2026-03-08', startTime: '18:00', endTime: '21:00' },
  };

  it('says where the booking was and where it is now, in both parts, with the note and the link; a note people typed never becomes markup', async () => {
    const note = '<img src=x onerror=alert(1)> We moved you a week later.';
    const r = await renderMail({ template: 'booking-rescheduled', data: { ...BOOKING, recipient: 'customer', note, invitation: true } }, SHOP);
    expect(r.subject).toBe('Your booking CB-7K3Q has moved to Sunday, March 15, 2026');
    expectInBothParts(r, [
      'Sunday, March 8, 2026, 6:00 PM to 9:00 PM',
      'Sunday, March 15, 2026, 7:30 PM to 12:30 AM',
      'The updated calendar invitation is attached',
    ]);
    expect(flat(r.text)).toContain(note);
    expect(r.html).not.toContain('<img src=x');
    expect(r.html).toContain('href="https://cocoa.example/bookings/CB-7K3Q?token=abc_def"');
    const shop = await renderMail(
      { template: 'booking-rescheduled', data: { ...BOOKING, recipient: 'shop', note: null, invitation: false, testMode: true } },
      SHOP,
    );
    expect(shop.subject).toBe('[TEST] Booking CB-7K3Q has moved to Sunday, March 15, 2026');
    expect(shop.text).toContain('https://cocoa.example/admin?tab=bookings&booking=7');
    expect(shop.text).not.toContain('calendar invitation is attached');
  });

  it('the invitation carries the revision it is given (SEQUENCE), and keeps 0 / 1 for a plain PUBLISH / CANCEL', () => {
    const booking = { ...INVITED_BOOKING, eventDate: '2026-03-15', endTime: '21:30', venueAddress: 'Ottawa' };
    const options = { ...INVITATION_OPTIONS, timeZone: ZONE, url: 'https://cocoa.example/bookings/CB-7K3Q' };
    const sequenceOf = (content: string) => new ICAL.Component(ICAL.parse(content)).getFirstSubcomponent('vevent')!.getFirstPropertyValue('sequence');
    expect(sequenceOf(bookingInvitation(booking, { ...options, method: 'PUBLISH' }).content)).toBe(0);
    expect(sequenceOf(bookingInvitation(booking, { ...options, method: 'CANCEL' }).content)).toBe(1);
    expect(sequenceOf(bookingInvitation(booking, { ...options, method: 'PUBLISH', sequence: 3 }).content)).toBe(3);
  });
});
