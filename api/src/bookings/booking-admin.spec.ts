import { adminBookingDetailSchema, adminBookingsPageSchema, blockedDaySchema, bookingPackageSchema, bookingSettingsSchema, noonOf } from '@cocoa/shared-types';
import { TEST_ADMIN, type TestAgent, useTestApp } from '../test/test-app';
import { bookingLinkIn, bookingRow, insertPackage, payBooking, requestBody, requestBooking, shopDay } from './bookings.fixtures';
import { databaseSnapshot } from '../test/db-snapshot';

const PACKAGE = {
  name: 'Cocoa Cart Deluxe',
  description: 'Our cart with two servers.',
  included: ['Hot cocoa', 'Marshmallows'],
  pricePerGuestCents: 900,
  minimumCents: 35000,
  durationMinutes: 150,
  minGuests: 25,
  maxGuests: 120,
};

describe('event booking: the owner’s Bookings', () => {
  const t = useTestApp();
  let admin: TestAgent;

  beforeAll(async () => {
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
  });

  describe('packages', () => {
    it('creates a package with the default deposit percentage, edits it, and deactivating hides it from customers', async () => {
      const created = await admin.post('/api/admin/booking/packages').send(PACKAGE);
      expect(created.status).toBe(201);
      expect(bookingPackageSchema.parse(created.body)).toEqual({ id: expect.any(Number), ...PACKAGE, depositPercent: 25, active: true });
      const id = created.body.id;

      const edited = await admin.put(`/api/admin/booking/packages/${id}`).send({ ...PACKAGE, depositPercent: 30, active: false });
      expect(edited.body).toMatchObject({ id, depositPercent: 30, active: false });
      expect((await t.agent().get('/api/booking/packages')).body.map((p: { id: number }) => p.id)).not.toContain(id);
      expect((await admin.get('/api/admin/booking/packages')).body.map((p: { id: number }) => p.id)).toContain(id);
    });

    it('refuses a package whose guest range is upside down, or unknown fields (400, nothing changed)', async () => {
      const before = await databaseSnapshot(t.dataSource);
      const upsideDown = await admin.post('/api/admin/booking/packages').send({ ...PACKAGE, minGuests: 50, maxGuests: 10 });
      expect(upsideDown.status).toBe(400);
      expect(upsideDown.body.message).toBe('Maximum guests must be at least the minimum guests');
      expect((await admin.post('/api/admin/booking/packages').send({ ...PACKAGE, id: 1 })).status).toBe(400);
      expect((await admin.post('/api/admin/booking/packages').send({ ...PACKAGE, depositPercent: 101 })).body.message).toBe(
        'Deposit percentage must be at most 100',
      );
      expect((await admin.put('/api/admin/booking/packages/999999').send(PACKAGE)).status).toBe(404);
      expect(await databaseSnapshot(t.dataSource)).toBe(before);
    });

    it('deletes a package no booking used; one a booking used answers 409 (deactivate it instead)', async () => {
      const unused = await insertPackage(t.dataSource);
      expect((await admin.delete(`/api/admin/booking/packages/${unused.id}`)).status).toBe(204);
      expect((await admin.delete(`/api/admin/booking/packages/${unused.id}`)).status).toBe(404);
      const used = await insertPackage(t.dataSource);
      await requestBooking(t, requestBody(used.id));
      const res = await admin.delete(`/api/admin/booking/packages/${used.id}`);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: '1 booking uses this package: deactivate it instead, so it is no longer offered', code: 'PACKAGE_IN_USE' });
    });
  });

  describe('blocked days and availability', () => {
    it('blocks and unblocks a day; the month’s availability follows', async () => {
      const day = shopDay(45);
      const month = day.slice(0, 7);
      const blocked = await admin.post('/api/admin/booking/blocked-days').send({ date: day, note: 'Family wedding' });
      expect(blocked.status).toBe(201);
      expect(blockedDaySchema.parse(blocked.body)).toMatchObject({ date: day, note: 'Family wedding' });
      expect((await admin.get('/api/admin/booking/blocked-days').query({ month })).body.map((d: { date: string }) => d.date)).toEqual([day]);
      expect((await admin.get('/api/admin/booking/blocked-days')).body.map((d: { date: string }) => d.date)).toContain(day);
      expect((await t.agent().get('/api/booking/availability').query({ month })).body.unavailable).toContainEqual({ date: day, reason: 'blocked' });

      expect((await admin.delete(`/api/admin/booking/blocked-days/${day}`)).status).toBe(204);
      expect((await t.agent().get('/api/booking/availability').query({ month })).body.unavailable).not.toContainEqual({ date: day, reason: 'blocked' });
      const again = await admin.delete(`/api/admin/booking/blocked-days/${day}`);
      expect(again.status).toBe(404);
      expect(again.body.message).toBe('That day is not blocked');
    });

    it('refuses a month or a day that is not one (400)', async () => {
      for (const month of ['2026-13', '26-01', '2026-1', 'june', ''])
        expect((await t.agent().get('/api/booking/availability').query({ month })).status).toBe(400);
      expect((await t.agent().get('/api/booking/availability')).status).toBe(400);
      expect((await admin.post('/api/admin/booking/blocked-days').send({ date: '2026-02-30' })).status).toBe(400);
      expect((await admin.delete('/api/admin/booking/blocked-days/tomorrow')).status).toBe(400);
    });
  });

  describe('settings', () => {
    it('answers the defaults, saves the owner’s, and the lead time and policy follow at once', async () => {
      const defaults = await admin.get('/api/admin/booking/settings');
      expect(bookingSettingsSchema.parse(defaults.body)).toEqual({
        leadTimeDays: 7,
        depositPercent: 25,
        balanceDueDays: 14,
        fullRefundDays: 14,
        cancellationPolicy: null,
        policyText:
          'Cancel 14 or more days before your event and we refund your deposit in full. After that the deposit is kept. Anything paid beyond the deposit is always refunded.',
      });
      const saved = await admin.put('/api/admin/booking/settings').send({
        leadTimeDays: 21,
        depositPercent: 40,
        balanceDueDays: 10,
        fullRefundDays: 30,
        cancellationPolicy: 'Deposits come back in full up to 30 days before.',
      });
      expect(saved.body).toMatchObject({ leadTimeDays: 21, depositPercent: 40, policyText: 'Deposits come back in full up to 30 days before.' });
      try {
        const month = shopDay(0).slice(0, 7);
        expect((await t.agent().get('/api/booking/availability').query({ month })).body).toMatchObject({ leadTimeDays: 21, firstBookableDay: shopDay(21) });
        const pkg = await insertPackage(t.dataSource, { name: 'Lead time test' });
        const refused = await t
          .agent()
          .post('/api/bookings')
          .send(requestBody(pkg.id, { date: shopDay(20) }));
        expect(refused.body.message).toMatch(/^We need 21 days' notice/);
        expect((await admin.post('/api/admin/booking/packages').send(PACKAGE)).body.depositPercent).toBe(40);
        const bad = await admin.put('/api/admin/booking/settings').send({ leadTimeDays: -1, depositPercent: 40, balanceDueDays: 10, fullRefundDays: 30 });
        expect(bad.status).toBe(400);
        expect(bad.body.message).toBe('Lead time (days) must be at least 0');
      } finally {
        await admin
          .put('/api/admin/booking/settings')
          .send({ leadTimeDays: 7, depositPercent: 25, balanceDueDays: 14, fullRefundDays: 14, cancellationPolicy: '' });
      }
      expect((await admin.get('/api/admin/booking/settings')).body.cancellationPolicy).toBeNull();
    });
  });

  it('keeps every booking table in a backup, and a restore gives them back exactly (refunds still pointing at their payments)', async () => {
    const pkg = await insertPackage(t.dataSource);
    const b = await requestBooking(t, requestBody(pkg.id, { date: shopDay(90) }));
    await admin.post(`/api/admin/bookings/${b.id}/accept`).send({ note: 'Welcome' });
    await payBooking(t, b);
    await admin.post(`/api/admin/bookings/${b.id}/cancel`).send({ refundCents: 4000, message: 'Flooded venue' });
    await admin.post('/api/admin/booking/blocked-days').send({ date: shopDay(91), note: 'Rest' });
    await admin
      .put('/api/admin/booking/settings')
      .send({ leadTimeDays: 9, depositPercent: 30, balanceDueDays: 12, fullRefundDays: 20, cancellationPolicy: 'Our own words.' });
    const tables = ['booking_packages', 'bookings', 'booking_events', 'booking_blocked_days', 'booking_payments'];
    const dump = async () => {
      const out: Record<string, unknown[]> = {};
      for (const table of tables) out[table] = await t.dataSource.query(`SELECT to_jsonb(x)::text AS row FROM ${table} x ORDER BY 1`);
      out.settings = await t.dataSource.query(`SELECT key, value FROM settings WHERE key LIKE 'BOOKING_%' ORDER BY key`);
      return out;
    };
    const before = await dump();
    expect(before.booking_payments).toHaveLength(2);
    const backup = await admin.post('/api/database/backup');
    expect(backup.status).toBe(201);

    await t.dataSource.query(
      `DELETE FROM booking_payments; DELETE FROM booking_events; DELETE FROM bookings; DELETE FROM booking_blocked_days; UPDATE booking_packages SET active = false`,
    );
    await admin.put('/api/admin/booking/settings').send({ leadTimeDays: 7, depositPercent: 25, balanceDueDays: 14, fullRefundDays: 14 });
    expect(await dump()).not.toEqual(before);
    expect((await admin.post(`/api/database/restore/${backup.body.filename}`)).status).toBe(200);
    expect(await dump()).toEqual(before);
    expect((await t.agent().get(`/api/bookings/${b.reference}`).query({ token: b.token })).body).toMatchObject({ state: 'cancelled', refundedCents: 4000 });
    await admin.put('/api/admin/booking/settings').send({ leadTimeDays: 7, depositPercent: 25, balanceDueDays: 14, fullRefundDays: 14 });
  });

  describe('the list and the detail', () => {
    it('lists bookings by state and by month with each state’s count, and pages', async () => {
      const pkg = await insertPackage(t.dataSource);
      const day = shopDay(60);
      const a = await requestBooking(t, requestBody(pkg.id, { date: day }));
      const b = await requestBooking(t, requestBody(pkg.id, { date: day, startTime: '10:00', endTime: '12:00', contactName: 'Bea Lund' }));
      await admin.post(`/api/admin/bookings/${b.id}/decline`).send({ message: 'Sorry' });

      const month = await admin.get('/api/admin/bookings').query({ month: day.slice(0, 7) });
      const page = adminBookingsPageSchema.parse(month.body);
      expect(page.bookings.filter((x) => x.date === day).map((x) => [x.reference, x.state, x.startTime])).toEqual([
        [b.reference, 'declined', '10:00'],
        [a.reference, 'requested', '18:00'],
      ]);
      expect(page.counts.declined).toBeGreaterThanOrEqual(1);
      const requested = adminBookingsPageSchema.parse((await admin.get('/api/admin/bookings').query({ state: 'requested', month: day.slice(0, 7) })).body);
      expect(requested.bookings.every((x) => x.state === 'requested')).toBe(true);
      expect(requested.total).toBe(requested.counts.requested);
      expect((await admin.get('/api/admin/bookings').query({ page: 500 })).body.bookings).toEqual([]);
      for (const query of [{ state: 'paid' }, { page: 0 }, { month: '2026-00' }, { extra: 1 }])
        expect((await admin.get('/api/admin/bookings').query(query)).status).toBe(400);
    });

    it('shows the whole thread, the payments, and warns of other bookings and scheduled stops that day', async () => {
      const pkg = await insertPackage(t.dataSource);
      const day = shopDay(75);
      const mine = await requestBooking(t, requestBody(pkg.id, { date: day }));
      const other = await requestBooking(t, requestBody(pkg.id, { date: day, startTime: '11:00', endTime: '13:00', contactName: 'Cal Ortiz' }));
      const gone = await requestBooking(t, requestBody(pkg.id, { date: day }));
      await admin.post(`/api/admin/bookings/${gone.id}/decline`).send({ message: 'No' });
      const stop = await admin.post('/api/events').send({
        title: 'Farmers market',
        location: 'Main Square',
        address: '1 Main St, Springfield, IL',
        date: noonOf(day, 'America/Chicago').toISOString(),
        startTime: '09:00',
        endTime: '13:00',
        latitude: 39.8,
        longitude: -89.6,
      });
      expect(stop.status).toBe(201);

      expect((await admin.post(`/api/admin/bookings/${mine.id}/accept`).send({ note: 'See you there' })).status).toBe(200);
      const paid = await payBooking(t, mine);
      expect(paid.status).toBe(200);

      const res = await admin.get(`/api/admin/bookings/${mine.id}`);
      expect(res.status).toBe(200);
      const detail = adminBookingDetailSchema.parse(res.body);
      expect(detail).toMatchObject({
        reference: mine.reference,
        state: 'confirmed',
        testMode: true,
        refundableCents: 10000,
        policyRefundCents: 10000,
        timeZone: 'America/Chicago',
      });
      expect(detail.statusUrl.startsWith(`http://localhost:3000/bookings/${mine.reference}?token=`)).toBe(true);
      expect(await bookingLinkIn(t, detail.statusUrl, mine.reference)).toBe('valid');
      expect(detail.events.map((e) => e.type)).toEqual(['requested', 'accepted', 'deposit-paid']);
      expect(detail.events[2]).toMatchObject({ actor: 'customer', amountCents: 10000 });
      expect(detail.payments).toEqual([expect.objectContaining({ kind: 'deposit', amountCents: 10000, status: 'completed', testMode: true })]);
      expect(detail.clashes.bookings).toEqual([
        { id: other.id, reference: other.reference, state: 'requested', startTime: '11:00', endTime: '13:00', contactName: 'Cal Ortiz' },
      ]);
      expect(detail.clashes.stops).toEqual([{ id: stop.body.id, title: 'Farmers market', startTime: '09:00', endTime: '13:00', location: 'Main Square' }]);

      // Accepting the other request answers the same warning (the deposit already took the day).
      const accepted = await admin.post(`/api/admin/bookings/${other.id}/accept`).send({});
      expect(accepted.body.clashes.bookings.map((c: { reference: string }) => c.reference)).toEqual([mine.reference]);
      expect((await bookingRow(t.dataSource, other.id)).state).toBe('awaiting_deposit');
      expect((await admin.get('/api/admin/bookings/999999')).status).toBe(404);
      expect((await admin.get('/api/admin/bookings/abc')).status).toBe(400);
    });
  });
});
