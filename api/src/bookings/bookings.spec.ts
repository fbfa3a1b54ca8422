import { randomBytes } from 'node:crypto';
import { bookingCreatedSchema, bookingPackageSchema, bookingViewSchema, myBookingSchema } from '@cocoa/shared-types';
import { TEST_ADMIN, useTestApp } from '../test/test-app';
import { BOOKING_PACKAGE_SEEDS } from './bookings.constants';
import { insertPackage, lastMailId, mailsSince, requestBody, requestBooking, shopDay } from './bookings.fixtures';
import { databaseSnapshot } from '../test/db-snapshot';
import { SignedLinksService } from '../links/signed-links.service';
import { BOOKING_LINKS, type LinkedBooking } from './booking-links';

const PACKAGE = 'Test Cocoa Bar';

describe('event booking: the customer’s request and status page', () => {
  const t = useTestApp({ CONTACT_TO: 'owner@cocoa.test', LOG_LEVEL: 'warn' });
  let pkg: { id: number; name: string };

  beforeAll(async () => {
    pkg = await insertPackage(t.dataSource, { name: PACKAGE });
  });

  it('offers the three seeded packages (and ours), active ones only, in the shared shape', async () => {
    const inactive = await insertPackage(t.dataSource, { active: false });
    const res = await t.agent().get('/api/booking/packages');
    expect(res.status).toBe(200);
    const packages = res.body.map((p: unknown) => bookingPackageSchema.parse(p));
    const names = packages.map((p: { name: string }) => p.name);
    for (const seed of BOOKING_PACKAGE_SEEDS) expect(names).toContain(seed.name);
    expect(names).toContain(pkg.name);
    expect(names).not.toContain(inactive.name);
    expect(packages.find((p: { name: string }) => p.name === 'Hot Cocoa Bar')).toMatchObject({
      pricePerGuestCents: 850,
      minimumCents: 30000,
      depositPercent: 25,
      minGuests: 20,
      maxGuests: 150,
      active: true,
    });
  });

  it('takes a request: 201 with a reference, the status link with its token, the estimate, and both e-mails queued', async () => {
    const before = await lastMailId(t.dataSource);
    const res = await t.agent().post('/api/bookings').send(requestBody(pkg.id));
    expect(res.status).toBe(201);
    const created = bookingCreatedSchema.parse(res.body);
    expect(created.reference).toMatch(/^CB-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}$/);
    expect(created.statusPath).toBe(`/bookings/${created.reference}?token=${created.token}`);
    expect(created.booking).toMatchObject({
      state: 'requested',
      package: { id: pkg.id, name: pkg.name },
      date: shopDay(30),
      guests: 40,
      contactPhone: '+12175550142',
      quoteCents: 40000,
      depositCents: 10000,
      balanceCents: 30000,
      amountDue: null,
      cancellation: { allowed: true, refundCents: 0 },
      timeZone: 'America/Chicago',
    });
    expect(created.booking.history.map((h) => h.state)).toEqual(['requested']);

    const mails = await mailsSince(t, before);
    expect(mails.map((m) => [m.template, m.recipient])).toEqual([
      ['booking-received', 'ana.diaz@example.com'],
      ['booking-request', 'owner@cocoa.test'],
    ]);
    expect(mails[0].body_text).toContain(`http://localhost:3000${created.statusPath}`);
    expect(mails[0].body_text).toContain('$400.00');
    expect(mails[1].body_text).toContain(`http://localhost:3000/admin?tab=bookings&booking=`);
    const [audit] = await t.dataSource.query(
      'SELECT actor, type, from_state, to_state FROM booking_events WHERE booking_id = (SELECT id FROM bookings WHERE reference = $1)',
      [created.reference],
    );
    expect(audit).toEqual({ actor: 'customer', type: 'requested', from_state: null, to_state: 'requested' });
  });

  it('charges the package’s minimum when the guests come to less', async () => {
    const res = await t
      .agent()
      .post('/api/bookings')
      .send(requestBody(pkg.id, { guests: 12 }));
    expect(res.status).toBe(201);
    expect(res.body.booking).toMatchObject({ quoteCents: 25000, depositCents: 6250, balanceCents: 18750 });
  });

  describe('refuses bad requests with a clear 4xx and changes nothing', () => {
    const cases: Array<[string, () => Record<string, unknown>, number, string | RegExp]> = [
      ['a past date', () => requestBody(pkg.id, { date: shopDay(-1) }), 400, 'Please choose a future date'],
      ['today', () => requestBody(pkg.id, { date: shopDay(0) }), 400, 'Please choose a future date'],
      ['a day inside the 7-day lead time', () => requestBody(pkg.id, { date: shopDay(3) }), 400, /^We need 7 days' notice: the earliest date is /],
      ['too few guests for the package', () => requestBody(pkg.id, { guests: 9 }), 400, `${PACKAGE} serves 10 to 100 guests`],
      ['too many guests for the package', () => requestBody(pkg.id, { guests: 101 }), 400, `${PACKAGE} serves 10 to 100 guests`],
      ['a package that does not exist', () => requestBody(999999), 400, 'That package is not available. Please choose another one.'],
      ['a date that does not exist', () => requestBody(pkg.id, { date: '2031-02-30' }), 400, 'Date must be a date (YYYY-MM-DD)'],
      ['a missing venue', () => ({ ...requestBody(pkg.id), venueName: '  ' }), 400, 'Venue name is required'],
      ['an unknown field', () => ({ ...requestBody(pkg.id), quoteCents: 1 }), 400, 'Unknown field: quoteCents'],
      ['guests as text', () => ({ ...requestBody(pkg.id), guests: '40' }), 400, 'Number of guests must be a number'],
      ['a phone nobody can call', () => requestBody(pkg.id, { contactPhone: '12345' }), 400, 'Enter a phone number we can reach, e.g. (217) 555-0142'],
    ];
    it.each(cases)('%s', async (_label, body, status, message) => {
      const before = await databaseSnapshot(t.dataSource);
      const res = await t.agent().post('/api/bookings').send(body());
      expect(res.status).toBe(status);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
      expect(await databaseSnapshot(t.dataSource)).toBe(before);
    });

    it('an inactive package', async () => {
      const inactive = await insertPackage(t.dataSource, { active: false });
      const before = await databaseSnapshot(t.dataSource);
      const res = await t.agent().post('/api/bookings').send(requestBody(inactive.id));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'That package is not available. Please choose another one.', code: 'PACKAGE_NOT_AVAILABLE' });
      expect(await databaseSnapshot(t.dataSource)).toBe(before);
    });

    it('a day the owner blocked, and a day a confirmed booking holds (409)', async () => {
      const blocked = shopDay(40);
      const booked = shopDay(41);
      await t.dataSource.query(`INSERT INTO booking_blocked_days (day, created_by) VALUES ($1, 'admin:admin')`, [blocked]);
      const held = await requestBooking(t, requestBody(pkg.id, { date: booked }));
      await t.dataSource.query(`UPDATE bookings SET state = 'confirmed' WHERE id = $1`, [held.id]);
      const before = await databaseSnapshot(t.dataSource);
      for (const [date, message] of [
        [blocked, 'We are not taking bookings on that day. Please choose another date.'],
        [booked, 'That day is already booked. Please choose another date.'],
      ]) {
        const res = await t.agent().post('/api/bookings').send(requestBody(pkg.id, { date }));
        expect(res.status).toBe(409);
        expect(res.body).toEqual({ message, code: 'DATE_UNAVAILABLE' });
      }
      expect(await databaseSnapshot(t.dataSource)).toBe(before);
    });
  });

  describe('the status page', () => {
    it('opens with the link’s token, without an account', async () => {
      const { reference, token } = await requestBooking(t, requestBody(pkg.id));
      const res = await t.agent().get(`/api/bookings/${reference}`).query({ token });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(bookingViewSchema.parse(res.body).reference).toBe(reference);
      // As people type it: lower case, no dash.
      expect(
        (
          await t
            .agent()
            .get(`/api/bookings/${reference.toLowerCase().replace('-', '')}`)
            .query({ token })
        ).status,
      ).toBe(200);
    });

    it('answers the same 404 for a wrong, foreign or missing token as for a booking that does not exist', async () => {
      const mine = await requestBooking(t, requestBody(pkg.id));
      const other = await requestBooking(t, requestBody(pkg.id));
      const flip = (at: number) => `${mine.token.slice(0, at)}${mine.token[at] === 'A' ? 'B' : 'A'}${mine.token.slice(at + 1)}`;
      // A changed signature; and the last character's spare bits changed (the same bytes, spelled another way).
      for (const query of [
        { token: flip(10) },
        { token: flip(mine.token.length - 1) },
        { token: other.token },
        {},
        { token: 'not-a-token' },
        { token: `${mine.token}=` },
      ]) {
        const res = await t.agent().get(`/api/bookings/${mine.reference}`).query(query);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: 'Booking not found', code: 'BOOKING_NOT_FOUND' });
      }
      expect((await t.agent().get('/api/bookings/CB-2222').query({ token: mine.token })).body.code).toBe('BOOKING_NOT_FOUND');
      const badReference = await t.agent().get('/api/bookings/CB-0000');
      expect(badReference.status).toBe(400);
      expect(badReference.body.message).toBe('Booking reference not recognised');
    });

    it('opens with a link for 90 days after the day it was issued, then answers 410; the booking’s nonce still voids its links', async () => {
      const mine = await requestBooking(t, requestBody(pkg.id));
      const [booking] = await t.dataSource.query<LinkedBooking[]>(`SELECT reference, token_nonce AS "tokenNonce" FROM bookings WHERE reference = $1`, [
        mine.reference,
      ]);
      const signer = await t.app.get(SignedLinksService).signer(BOOKING_LINKS);
      const day = 24 * 3600 * 1000;
      expect(signer.verify(booking, mine.token)).toBe('valid');
      const open = (token: string) => t.agent().get(`/api/bookings/${mine.reference}`).query({ token });
      expect((await open(signer.token(booking, Date.now() - 89 * day))).status).toBe(200);
      const expired = await open(signer.token(booking, Date.now() - 91 * day));
      expect(expired.status).toBe(410);
      expect(expired.body).toEqual({
        message: 'This booking link has expired. Please use the link from your latest e-mail about the booking, or sign in.',
        code: 'BOOKING_LINK_EXPIRED',
      });
      // Signed for another nonce (a voided link), old or new: the 404 of a booking that does not exist.
      const voided = { reference: mine.reference, tokenNonce: 'another-nonce' };
      for (const token of [signer.token(voided), signer.token(voided, Date.now() - 91 * day)]) {
        expect((await open(token)).body).toEqual({ message: 'Booking not found', code: 'BOOKING_NOT_FOUND' });
      }
    });

    it('opens for its signed-in customer without a token, lists in /api/me/bookings, and stays closed to other customers', async () => {
      await t.agent().post('/api/register').send({ username: 'ana', email: 'ana@example.com', password: 'secret-123' });
      await t.agent().post('/api/register').send({ username: 'bea', email: 'bea@example.com', password: 'secret-123' });
      const ana = await t.signedIn('ana', 'secret-123');
      const bea = await t.signedIn('bea', 'secret-123');
      const { reference } = await requestBooking(t, requestBody(pkg.id), ana);
      expect((await ana.get(`/api/bookings/${reference}`)).status).toBe(200);
      expect((await bea.get(`/api/bookings/${reference}`)).status).toBe(404);
      const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
      expect((await admin.get(`/api/bookings/${reference}`)).status).toBe(200);

      const mine = await ana.get('/api/me/bookings');
      expect(mine.status).toBe(200);
      expect(mine.body.map((b: unknown) => myBookingSchema.parse(b))).toEqual([
        expect.objectContaining({ reference, state: 'requested', statusPath: `/bookings/${reference}` }),
      ]);
      expect((await bea.get('/api/me/bookings')).body).toEqual([]);
      expect((await t.agent().get('/api/me/bookings')).status).toBe(401);
    });
  });

  it('lands every new request in the owner’s inbox, unread until opened or answered; a reply from there goes to the customer', async () => {
    const { reference } = await requestBooking(t, requestBody(pkg.id, { notes: 'Gluten-free marshmallows, please.' }));
    const [{ id }] = await t.dataSource.query('SELECT id FROM bookings WHERE reference = $1', [reference]);
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const unread = await admin.get('/api/admin/inbox').query({ state: 'unread' });
    expect(unread.body.items.find((i: { kind: string; id: number }) => i.kind === 'booking' && i.id === id)).toEqual({
      kind: 'booking',
      id,
      name: 'Ana Díaz',
      email: 'ana.diaz@example.com',
      subject: `${reference}: ${PACKAGE}, 40 guests`,
      eventDate: shopDay(30),
      excerpt: 'Gluten-free marshmallows, please.',
      receivedAt: expect.any(String),
      readAt: null,
      archivedAt: null,
    });
    const message = await admin.get(`/api/admin/inbox/booking/${id}`);
    expect(message.body).toMatchObject({
      kind: 'booking',
      reference,
      state: 'requested',
      packageName: PACKAGE,
      guests: 40,
      venueName: 'Lakeside Pavilion',
      phone: '+12175550142',
      message: 'Gluten-free marshmallows, please.',
      replies: [],
    });

    const before = await lastMailId(t.dataSource);
    const reply = await admin.post(`/api/admin/inbox/booking/${id}/reply`).send({ body: 'Yes, we can do gluten-free.' });
    expect(reply.status).toBe(201);
    expect(reply.body.readAt).not.toBeNull();
    const [mail] = await mailsSince(t, before);
    expect(mail).toMatchObject({ template: 'inbox-reply', recipient: 'ana.diaz@example.com' });
    expect(mail.subject).toContain(`Booking request ${reference}: ${PACKAGE}, 40 guests`);

    // Answering the request in the Bookings tab marks it read as well.
    const other = await requestBooking(t, requestBody(pkg.id));
    await admin.post(`/api/admin/bookings/${other.id}/decline`).send({ message: 'Sorry, we are away.' });
    const row = (await admin.get('/api/admin/inbox').query({ state: 'all' })).body.items.find(
      (i: { kind: string; id: number }) => i.kind === 'booking' && i.id === other.id,
    );
    expect(row.readAt).not.toBeNull();
  });

  it('keeps the admin’s booking routes to admins: 401 anonymous, 403 customers', async () => {
    await t.agent().post('/api/register').send({ username: 'cora', email: 'cora@example.com', password: 'secret-123' });
    const customer = await t.signedIn('cora', 'secret-123');
    const routes: Array<['get' | 'post' | 'put' | 'delete', string]> = [
      ['get', '/api/admin/bookings'],
      ['get', '/api/admin/bookings/1'],
      ['post', '/api/admin/bookings/1/accept'],
      ['post', '/api/admin/bookings/1/decline'],
      ['post', '/api/admin/bookings/1/cancel'],
      ['post', '/api/admin/bookings/1/complete'],
      ['put', '/api/admin/bookings/1/tracker'],
      ['get', '/api/admin/booking/packages'],
      ['post', '/api/admin/booking/packages'],
      ['put', '/api/admin/booking/packages/1'],
      ['delete', '/api/admin/booking/packages/1'],
      ['get', '/api/admin/booking/blocked-days'],
      ['post', '/api/admin/booking/blocked-days'],
      ['delete', '/api/admin/booking/blocked-days/2031-01-01'],
      ['get', '/api/admin/booking/settings'],
      ['put', '/api/admin/booking/settings'],
    ];
    const before = await databaseSnapshot(t.dataSource);
    for (const [method, path] of routes) {
      expect([path, (await t.agent()[method](path).send({})).status]).toEqual([path, 401]);
      expect([path, (await customer[method](path).send({})).status]).toEqual([path, 403]);
    }
    expect(await databaseSnapshot(t.dataSource)).toBe(before);
  });
});

describe('event booking: a request sent again with its idempotency key (the offline outbox’s retry)', () => {
  const t = useTestApp({ LOG_LEVEL: 'warn' });
  let pkg: { id: number; name: string };
  beforeAll(async () => {
    pkg = await insertPackage(t.dataSource);
  });

  const key = () => `outbox-${randomBytes(8).toString('hex')}`;
  const count = async () => Number((await t.dataSource.query('SELECT count(*)::int AS n FROM bookings'))[0].n);

  it('answers the same booking (same reference and token, 200) for the same key, storing and mailing nothing more', async () => {
    const idempotencyKey = key();
    const first = await t
      .agent()
      .post('/api/bookings')
      .send({ ...requestBody(pkg.id), idempotencyKey });
    expect(first.status).toBe(201);
    const before = await databaseSnapshot(t.dataSource);
    const again = await t
      .agent()
      .post('/api/bookings')
      .send({ ...requestBody(pkg.id), idempotencyKey });
    expect(again.status).toBe(200);
    expect(bookingCreatedSchema.parse(again.body)).toMatchObject({
      reference: first.body.reference,
      token: first.body.token,
      statusPath: first.body.statusPath,
    });
    expect(await databaseSnapshot(t.dataSource)).toBe(before);
    // Without a key (or with another one), each request is a booking of its own.
    const other = await t
      .agent()
      .post('/api/bookings')
      .send({ ...requestBody(pkg.id), idempotencyKey: key() });
    expect(other.status).toBe(201);
    expect(other.body.reference).not.toBe(first.body.reference);
    expect((await t.agent().post('/api/bookings').send(requestBody(pkg.id))).status).toBe(201);
  });

  it('two requests with the same key at once make one booking, and both are answered with it', async () => {
    const idempotencyKey = key();
    const before = await count();
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        t
          .agent()
          .post('/api/bookings')
          .send({ ...requestBody(pkg.id), idempotencyKey }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.reference)).size).toBe(1);
    expect(await count()).toBe(before + 1);
  });

  it('refuses a key used for another request (409), and a key that is not one (400), changing nothing', async () => {
    const idempotencyKey = key();
    expect(
      (
        await t
          .agent()
          .post('/api/bookings')
          .send({ ...requestBody(pkg.id), idempotencyKey })
      ).status,
    ).toBe(201);
    const before = await databaseSnapshot(t.dataSource);
    const reused = await t
      .agent()
      .post('/api/bookings')
      .send({ ...requestBody(pkg.id, { date: shopDay(31), contactEmail: 'someone.else@example.com' }), idempotencyKey });
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({
      message: 'This request key was already used for another booking request. Please send the request again.',
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    for (const bad of ['short', 'x'.repeat(65), 'has spaces in it here', 42]) {
      const res = await t
        .agent()
        .post('/api/bookings')
        .send({ ...requestBody(pkg.id), idempotencyKey: bad });
      expect([bad, res.status, res.body.message]).toEqual([
        bad,
        400,
        bad === 42 ? 'idempotencyKey must be text' : 'idempotencyKey must be 16 to 64 letters, digits, - or _',
      ]);
    }
    expect(await databaseSnapshot(t.dataSource)).toBe(before);
  });
});

describe('event booking: requests are rate-limited per address like the contact form', () => {
  const t = useTestApp({ RATE_LIMIT_MAX: '3' });

  it('takes three requests from one address in the window, then answers 429 with Retry-After and stores nothing', async () => {
    const pkg = await insertPackage(t.dataSource);
    for (let i = 0; i < 3; i++) expect((await t.agent().post('/api/bookings').send(requestBody(pkg.id))).status).toBe(201);
    const before = await databaseSnapshot(t.dataSource);
    const res = await t.agent().post('/api/bookings').send(requestBody(pkg.id));
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(await databaseSnapshot(t.dataSource)).toBe(before);
  });
});
