import { LIVE_SOLD_OUT_MAX, liveHistoryEntrySchema, type LiveState, liveStateSchema } from '@cocoa/shared-types';
import { databaseSnapshot } from '../test/db-snapshot';
import { useGeocoderApp } from '../test/geocoder-double';
import { startTestApp, TEST_ADMIN, type TestAgent } from '../test/test-app';
import { LIVE_STREAM_HEADERS, LiveStreamService } from './live-stream.service';
import { insertStop, listening, livePushJobs, openStream } from './live.fixtures';

type Agent = TestAgent;

const NOT_LIVE = { live: false, place: null, status: null, minutes: null, soldOut: [], since: null };

describe('live tracker: check-in, status, check-out', () => {
  let admin: Agent;
  let customer: Agent;
  const geocoderCalls: string[] = [];
  // A Nominatim double: /reverse answers by position.
  const t = useGeocoderApp((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    geocoderCalls.push(`${url.pathname}?${url.searchParams.toString()}`);
    const lat = url.searchParams.get('lat');
    const send = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname !== '/reverse') return send(404, {});
    if (lat === '41.8826')
      return send(200, {
        name: 'Millennium Park',
        display_name: 'Millennium Park, 201 East Randolph Street, Loop, Chicago, Illinois, 60601, United States',
        address: { road: 'East Randolph Street' },
      });
    if (lat === '41.8789')
      return send(200, {
        name: '',
        display_name: '233, South Wacker Drive, Loop, Chicago, Illinois, 60606, United States',
        address: { house_number: '233', road: 'South Wacker Drive' },
      });
    if (lat === '10') return send(200, { error: 'Unable to geocode' });
    return send(500, { error: 'down' });
  });
  let todayStop: number;
  let todayTitleOnly: number;
  let tomorrowStop: number;

  /** Everything a change writes: every table, and the live push jobs (pg-boss's own schema). */
  const everything = async () => JSON.stringify([await databaseSnapshot(t.dataSource), await livePushJobs(t.dataSource)]);
  const state = async (): Promise<LiveState> => liveStateSchema.strict().parse((await t.agent().get('/api/live').expect(200)).body);

  beforeAll(async () => {
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    await t.agent().post('/api/register').send({ username: 'livefan', email: 'livefan@example.com', password: 'secret-123' }).expect(201);
    customer = await t.signedIn('livefan', 'secret-123');
    todayStop = await insertStop(t.dataSource, {
      title: 'Lunch on the lawn',
      location: 'Millennium Park',
      address: '201 E Randolph St, Chicago, IL',
      latitude: 41.8826,
      longitude: -87.6226,
    });
    todayTitleOnly = await insertStop(t.dataSource, { title: 'Farmers market' });
    tomorrowStop = await insertStop(t.dataSource, { title: 'Fair', location: 'Navy Pier', latitude: 41.8917, longitude: -87.6086 }, 1);
  });

  it('GET /api/live is public and answers the state, not live before the first check-in, never cached', async () => {
    const res = await t.agent().get('/api/live');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(liveStateSchema.strict().parse(res.body)).toEqual({ ...NOT_LIVE, updatedAt: null, timeZone: 'America/Chicago' });
  });

  describe('refusals change nothing (no row, no history, no push job)', () => {
    it('anonymous 401 and customer 403 on every owner route', async () => {
      const before = await everything();
      const calls: Array<[string, (a: TestAgent) => Promise<{ status: number; body: { message?: string } }>]> = [
        ['check-in', (a) => a.post('/api/admin/live/check-in').send({ stopId: todayStop })],
        ['status', (a) => a.post('/api/admin/live/status').send({ status: 'serving' })],
        ['check-out', (a) => a.post('/api/admin/live/check-out')],
        ['history', (a) => a.get('/api/admin/live/history')],
        ['reverse-geocode', (a) => a.get('/api/admin/live/reverse-geocode?lat=41.8826&lng=-87.6226')],
      ];
      for (const [name, call] of calls) {
        const anonymous = await call(t.agent());
        expect([name, anonymous.status, anonymous.body.message]).toEqual([name, 401, 'Please log in to continue']);
        expect([name, (await call(customer)).status]).toEqual([name, 403]);
      }
      expect(await everything()).toBe(before);
      expect(geocoderCalls).toEqual([]);
    });

    it.each([
      ['an empty body', {}, 'Choose one of today’s stops, or somewhere else with its name and position'],
      ['a stop id that is not a number', { stopId: 'abc' }, 'Id must be a whole number'],
      [
        'both a stop and a place',
        { stopId: 1, place: { label: 'Park', latitude: 41, longitude: -87 } },
        'Choose one of today’s stops, or somewhere else with its name and position',
      ],
      ['an unknown status', { stopId: 1, status: 'dancing' }, 'Choose one of today’s stops, or somewhere else with its name and position'],
    ])('check-in with %s: 400 with a message', async (_label, body, message) => {
      const before = await everything();
      const res = await admin.post('/api/admin/live/check-in').send(body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
      expect(await everything()).toBe(before);
    });

    it('check-in somewhere else without a name, or off the globe: 400 with what is wrong', async () => {
      const before = await everything();
      const blank = await admin.post('/api/admin/live/check-in').send({ place: { label: '   ', latitude: 41.88, longitude: -87.62 } });
      const north = await admin.post('/api/admin/live/check-in').send({ place: { label: 'Park', latitude: 91, longitude: -87.62 } });
      for (const res of [blank, north]) {
        expect(res.status).toBe(400);
        expect(res.body.message).toEqual(expect.any(String));
      }
      expect(await everything()).toBe(before);
    });

    it('check-in at a stop that is not there (404), on another day (409), or as late without minutes (400)', async () => {
      const before = await everything();
      const missing = await admin.post('/api/admin/live/check-in').send({ stopId: 999999 });
      expect({ status: missing.status, body: missing.body }).toEqual({
        status: 404,
        body: { message: 'That stop is not on the schedule. Choose one of today’s stops, or somewhere else.', code: 'STOP_NOT_FOUND' },
      });
      const tomorrow = await admin.post('/api/admin/live/check-in').send({ stopId: tomorrowStop });
      expect({ status: tomorrow.status, body: tomorrow.body }).toEqual({
        status: 409,
        body: { message: '“Navy Pier” is not on today’s schedule. Choose one of today’s stops, or somewhere else.', code: 'STOP_NOT_TODAY' },
      });
      const late = await admin.post('/api/admin/live/check-in').send({ stopId: todayStop, status: 'late' });
      expect(late.status).toBe(400);
      expect(late.body.message).toBe('Check in as serving or closed, then set how many minutes late or until closing');
      expect(await everything()).toBe(before);
    });

    it('a status change or check-out before checking in: 409 Check in first', async () => {
      const before = await everything();
      const status = await admin.post('/api/admin/live/status').send({ status: 'late', minutes: 10 });
      expect({ status: status.status, body: status.body }).toEqual({ status: 409, body: { message: 'Check in first', code: 'LIVE_NOT_CHECKED_IN' } });
      const soldOut = await admin.post('/api/admin/live/status').send({ status: 'sold-out', product: 'Iced Mocha' });
      expect(soldOut.status).toBe(409);
      const out = await admin.post('/api/admin/live/check-out');
      expect({ status: out.status, body: out.body }).toEqual({ status: 409, body: { message: 'You are not checked in', code: 'LIVE_NOT_CHECKED_IN' } });
      expect(await everything()).toBe(before);
    });

    it.each([
      [{ status: 'late' }, 'Minutes must be a number'],
      [{ status: 'late', minutes: 0 }, 'Minutes must be at least 1'],
      [{ status: 'closing', minutes: 2.5 }, 'Minutes must be a whole number'],
      [{ status: 'closing', minutes: 241 }, 'Minutes must be at most 240'],
      [{ status: 'sold-out', product: ' ' }, 'Please name the product'],
      [{ status: 'serving', minutes: 5 }, 'Unknown field: minutes'],
      [{ status: 'open' }, 'Status must be one of serving, late, closing, closed, sold-out, back-in-stock'],
    ])('status %j: 400 %s', async (body, message) => {
      const before = await everything();
      const res = await admin.post('/api/admin/live/status').send(body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
      expect(await everything()).toBe(before);
    });
  });

  describe('a day at the cart', () => {
    let checkedIn: LiveState;

    it('checks in at today’s stop: the place comes from the stop, one history row, one push job, in one go', async () => {
      const res = await admin.post('/api/admin/live/check-in').send({ stopId: todayStop });
      expect(res.status).toBe(200);
      checkedIn = liveStateSchema.strict().parse(res.body);
      expect(checkedIn).toEqual({
        live: true,
        place: { stopId: todayStop, label: 'Millennium Park', address: '201 E Randolph St, Chicago, IL', latitude: 41.8826, longitude: -87.6226 },
        status: 'serving',
        minutes: null,
        soldOut: [],
        since: expect.any(String),
        updatedAt: checkedIn.since,
        timeZone: 'America/Chicago',
      });
      expect(await state()).toEqual(checkedIn);
      const history = (await admin.get('/api/admin/live/history').expect(200)).body;
      expect(history).toHaveLength(1);
      expect(liveHistoryEntrySchema.strict().parse(history[0])).toEqual({
        id: expect.any(Number),
        at: checkedIn.since,
        actor: 'admin:admin',
        type: 'check-in',
        label: 'Millennium Park',
        minutes: null,
        product: null,
      });
      expect(await livePushJobs(t.dataSource)).toEqual([{ change: 'check-in', eventId: history[0].id, state: checkedIn }]);
    });

    it('sets the status: late by N minutes, closing in N minutes, serving again; each one history row and one push job', async () => {
      const late = await admin.post('/api/admin/live/status').send({ status: 'late', minutes: 15 });
      expect(late.status).toBe(200);
      expect(late.body).toMatchObject({ live: true, status: 'late', minutes: 15, since: checkedIn.since, place: checkedIn.place });
      expect(late.body.updatedAt > checkedIn.updatedAt!).toBe(true);
      const closing = await admin.post('/api/admin/live/status').send({ status: 'closing', minutes: 30 });
      expect(closing.body).toMatchObject({ status: 'closing', minutes: 30 });
      const serving = await admin.post('/api/admin/live/status').send({ status: 'serving' });
      expect(serving.body).toMatchObject({ status: 'serving', minutes: null });
      expect(await state()).toEqual(serving.body);

      const history = (await admin.get('/api/admin/live/history')).body as Array<{ id: number; type: string; minutes: number | null; label: string }>;
      expect(history.map((h) => [h.type, h.minutes, h.label])).toEqual([
        ['serving', null, 'Millennium Park'],
        ['closing', 30, 'Millennium Park'],
        ['late', 15, 'Millennium Park'],
        ['check-in', null, 'Millennium Park'],
      ]);
      const jobs = await livePushJobs(t.dataSource);
      expect(jobs.map((j) => [j.change, j.eventId])).toEqual(history.map((h) => [h.type === 'check-in' ? 'check-in' : 'status', h.id]).reverse());
      expect(jobs[jobs.length - 1].state).toEqual(serving.body);
    });

    it('sold out adds a product once (any case), back in stock takes it off; a repeat changes nothing and notifies no one', async () => {
      const first = await admin.post('/api/admin/live/status').send({ status: 'sold-out', product: 'Iced Mocha' });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ status: 'serving', soldOut: ['Iced Mocha'] });
      const second = await admin.post('/api/admin/live/status').send({ status: 'sold-out', product: '  Classic Hot Cocoa ' });
      expect(second.body.soldOut).toEqual(['Iced Mocha', 'Classic Hot Cocoa']);

      const before = await everything();
      const again = await admin.post('/api/admin/live/status').send({ status: 'sold-out', product: 'iced mocha' });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(second.body);
      const notListed = await admin.post('/api/admin/live/status').send({ status: 'back-in-stock', product: 'Marshmallow Shake' });
      expect(notListed.body).toEqual(second.body);
      expect(await everything()).toBe(before);

      const back = await admin.post('/api/admin/live/status').send({ status: 'back-in-stock', product: 'ICED MOCHA' });
      expect(back.body.soldOut).toEqual(['Classic Hot Cocoa']);
      const history = (await admin.get('/api/admin/live/history')).body as Array<{ type: string; product: string | null }>;
      expect(history.slice(0, 3).map((h) => [h.type, h.product])).toEqual([
        ['back-in-stock', 'Iced Mocha'],
        ['sold-out', 'Classic Hot Cocoa'],
        ['sold-out', 'Iced Mocha'],
      ]);
      expect((await livePushJobs(t.dataSource)).slice(-1)[0]).toEqual({
        change: 'status',
        eventId: (history[0] as unknown as { id: number }).id,
        state: back.body,
      });
    });

    it(`refuses more than ${LIVE_SOLD_OUT_MAX} sold-out products (409), nothing changed`, async () => {
      for (let i = (await state()).soldOut.length; i < LIVE_SOLD_OUT_MAX; i++) {
        expect((await admin.post('/api/admin/live/status').send({ status: 'sold-out', product: `Flavour ${i}` })).status).toBe(200);
      }
      const before = await everything();
      const res = await admin.post('/api/admin/live/status').send({ status: 'sold-out', product: 'One Too Many' });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 409,
        body: { message: `At most ${LIVE_SOLD_OUT_MAX} products can be sold out at once: mark one back in stock first`, code: 'LIVE_SOLD_OUT_FULL' },
      });
      expect(await everything()).toBe(before);
      for (let i = 1; i < LIVE_SOLD_OUT_MAX; i++)
        await admin
          .post('/api/admin/live/status')
          .send({ status: 'back-in-stock', product: `Flavour ${i}` })
          .expect(200);
      expect((await state()).soldOut).toEqual(['Classic Hot Cocoa']);
    });

    it('checking in again while live moves the cart: a new place and status, products stay sold out, the history keeps both', async () => {
      const moved = await admin.post('/api/admin/live/check-in').send({ place: { label: '  Willis Tower plaza ', latitude: 41.8789, longitude: -87.6359 } });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({
        live: true,
        place: { stopId: null, label: 'Willis Tower plaza', address: null, latitude: 41.8789, longitude: -87.6359 },
        status: 'serving',
        soldOut: ['Classic Hot Cocoa'],
      });
      expect(moved.body.since > checkedIn.since!).toBe(true);
      const titleOnly = await admin.post('/api/admin/live/check-in').send({ stopId: todayTitleOnly, status: 'closed' });
      expect(titleOnly.body).toMatchObject({
        place: { stopId: todayTitleOnly, label: 'Farmers market', address: null, latitude: null, longitude: null },
        status: 'closed',
      });
      const checkIns = ((await admin.get('/api/admin/live/history')).body as Array<{ type: string; label: string }>).filter((h) => h.type === 'check-in');
      expect(checkIns.map((h) => h.label)).toEqual(['Farmers market', 'Willis Tower plaza', 'Millennium Park']);
      expect((await livePushJobs(t.dataSource)).slice(-2).map((j) => j.change)).toEqual(['check-in', 'check-in']);
    });

    it('checks out: the state is cleared (its time kept), a check-out row and a push job', async () => {
      const res = await admin.post('/api/admin/live/check-out');
      expect(res.status).toBe(200);
      expect(liveStateSchema.strict().parse(res.body)).toEqual({ ...NOT_LIVE, updatedAt: expect.any(String), timeZone: 'America/Chicago' });
      expect(await state()).toEqual(res.body);
      const [last] = (await admin.get('/api/admin/live/history')).body;
      expect(last).toMatchObject({ type: 'check-out', label: 'Farmers market', at: res.body.updatedAt });
      expect((await livePushJobs(t.dataSource)).slice(-1)[0]).toEqual({ change: 'check-out', eventId: last.id, state: res.body });
      expect((await admin.post('/api/admin/live/check-out')).status).toBe(409);
    });

    it('one push job per change: as many jobs as history rows', async () => {
      const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM live_events`);
      const jobs = await livePushJobs(t.dataSource);
      expect(jobs).toHaveLength(n);
      expect(new Set(jobs.map((j) => j.eventId)).size).toBe(n);
    });

    it('the history shows the last 50 changes, newest first', async () => {
      await t.dataSource.query(
        `INSERT INTO live_events (type, actor, label, created_at) SELECT 'serving', 'admin:admin', 'Old stop', now() - (g || ' minutes')::interval FROM generate_series(1, 60) g`,
      );
      const history = (await admin.get('/api/admin/live/history').expect(200)).body as Array<{ id: number }>;
      expect(history).toHaveLength(50);
      const ids = history.map((h) => h.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const [{ max }] = await t.dataSource.query(`SELECT max(id)::int AS max FROM live_events`);
      expect(ids[0]).toBe(max);
    });

    it('a restore that left no state row reads as not live, and the next check-in writes it back', async () => {
      await t.dataSource.query(`DELETE FROM live_state`);
      expect(await state()).toEqual({ ...NOT_LIVE, updatedAt: null, timeZone: 'America/Chicago' });
      const res = await admin.post('/api/admin/live/check-in').send({ stopId: todayStop });
      expect(res.body).toMatchObject({ live: true, place: { label: 'Millennium Park' } });
      await admin.post('/api/admin/live/check-out').expect(200);
    });
  });

  describe('changes replayed from the tablet’s offline queue (Idempotency-Key)', () => {
    const rows = async () => (await t.dataSource.query(`SELECT count(*)::int AS n FROM live_events`))[0].n as number;

    it('a check-in sent again under its key, even at the same moment, is made once: one history row, one push job, the same answer', async () => {
      if ((await state()).live) await admin.post('/api/admin/live/check-out').expect(200);
      const [before, jobsBefore] = [await rows(), (await livePushJobs(t.dataSource)).length];
      const send = () => admin.post('/api/admin/live/check-in').set('Idempotency-Key', 'tablet-checkin-0001').send({ stopId: todayStop });
      const [first, second] = await Promise.all([send(), send()]);
      const third = await send();
      expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
      expect(first.body).toMatchObject({ live: true, place: { stopId: todayStop } });
      expect(second.body).toEqual(first.body);
      expect(third.body).toEqual(first.body);
      expect(await rows()).toBe(before + 1);
      expect(await livePushJobs(t.dataSource)).toHaveLength(jobsBefore + 1);
    });

    it('a check-out replayed after its answer was lost answers 200 with the state, not 409 "not checked in"; one check-out row', async () => {
      const before = await rows();
      const first = await admin.post('/api/admin/live/check-out').set('Idempotency-Key', 'tablet-checkout-01').expect(200);
      const again = await admin.post('/api/admin/live/check-out').set('Idempotency-Key', 'tablet-checkout-01').expect(200);
      expect(again.body).toEqual(first.body);
      expect(first.body.live).toBe(false);
      expect(await rows()).toBe(before + 1);
      // Without a key (or with a new one) a second check-out is a change of its own, refused as before.
      expect((await admin.post('/api/admin/live/check-out')).status).toBe(409);
    });

    it('the same key for another kind of change is refused (409); a malformed key is 400; neither changes anything', async () => {
      const before = await everything();
      const reused = await admin.post('/api/admin/live/check-in').set('Idempotency-Key', 'tablet-checkout-01').send({ stopId: todayStop });
      expect(reused.status).toBe(409);
      expect(reused.body.message).toBe('This Idempotency-Key was already used for another change');
      const malformed = await admin.post('/api/admin/live/check-in').set('Idempotency-Key', 'no spaces allowed!').send({ stopId: todayStop });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toMatch(/^Idempotency-Key: idempotencyKey must be 8 to 45 letters/);
      expect(await everything()).toBe(before);
    });

    it('a refused change does not use up its key: sent again once it can be made, it is made', async () => {
      const refused = await admin.post('/api/admin/live/status').set('Idempotency-Key', 'tablet-status-0001').send({ status: 'late', minutes: 5 });
      expect(refused.status).toBe(409);
      await admin.post('/api/admin/live/check-in').send({ stopId: todayStop }).expect(200);
      const made = await admin.post('/api/admin/live/status').set('Idempotency-Key', 'tablet-status-0001').send({ status: 'late', minutes: 5 });
      expect(made.status).toBe(200);
      expect(made.body).toMatchObject({ status: 'late', minutes: 5 });
      await admin.post('/api/admin/live/check-out').expect(200);
    });
  });

  describe('reverse geocoding the tablet’s position', () => {
    it('answers the place’s name and address from Nominatim’s /reverse, then from the cache', async () => {
      const res = await admin.get('/api/admin/live/reverse-geocode').query({ lat: '41.88261', lng: '-87.62264' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        label: 'Millennium Park',
        address: 'Millennium Park, 201 East Randolph Street, Loop, Chicago, Illinois, 60601, United States',
      });
      expect(geocoderCalls).toEqual(['/reverse?lat=41.8826&lon=-87.6226&format=jsonv2&addressdetails=1&zoom=18']);
      // A few metres off: the same place, from the cache.
      expect((await admin.get('/api/admin/live/reverse-geocode?lat=41.88259&lng=-87.62256')).body).toEqual(res.body);
      expect(geocoderCalls).toHaveLength(1);
    });

    it('names a place without a name by its house number and road', async () => {
      const res = await admin.get('/api/admin/live/reverse-geocode?lat=41.8789&lng=-87.6359');
      expect(res.body).toEqual({ label: '233 South Wacker Drive', address: '233, South Wacker Drive, Loop, Chicago, Illinois, 60606, United States' });
    });

    it('a position with no place (404) or a failing geocoder (502): a clear message, the owner types a name', async () => {
      const none = await admin.get('/api/admin/live/reverse-geocode?lat=10&lng=10');
      expect({ status: none.status, message: none.body.message }).toEqual({
        status: 404,
        message: 'We could not find a name for this place. Please type one.',
      });
      const down = await admin.get('/api/admin/live/reverse-geocode?lat=20&lng=20');
      expect({ status: down.status, message: down.body.message }).toEqual({
        status: 502,
        message: 'We could not find a name for this place. Please type one.',
      });
    });

    it.each([
      ['lat=abc&lng=1', 'Latitude must be a number'],
      ['lat=91&lng=1', 'Latitude must be between -90 and 90'],
      ['lat=1&lng=181', 'Longitude must be between -180 and 180'],
      ['lat=1', 'Longitude must be a number'],
      ['lat=1&lng=2&x=3', 'Unknown field: x'],
    ])('refuses ?%s: 400 %s, without asking the geocoder', async (query, message) => {
      const calls = geocoderCalls.length;
      const res = await admin.get(`/api/admin/live/reverse-geocode?${query}`);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
      expect(geocoderCalls).toHaveLength(calls);
    });
  });

  describe('GET /api/live/stream (Server-Sent Events)', () => {
    let port: number;
    beforeAll(async () => {
      port = await listening(t);
    });

    it('sends the current state at once with retry and id, then each change within 2 s, unbuffered', async () => {
      const stream = await openStream(port);
      try {
        expect(stream.status).toBe(200);
        for (const [name, value] of Object.entries(LIVE_STREAM_HEADERS)) expect([name, stream.headers[name.toLowerCase()]]).toEqual([name, value]);
        expect(stream.headers['content-encoding']).toBeUndefined();
        const first = await stream.next();
        const [{ max }] = await t.dataSource.query(`SELECT last_event_id AS max FROM live_state`);
        expect(first).toEqual({ retry: '3000', id: String(max), event: 'state', data: JSON.stringify(await state()) });

        const started = Date.now();
        const checkIn = await admin.post('/api/admin/live/check-in').send({ stopId: todayStop });
        const next = await stream.next(2_000);
        expect(Date.now() - started).toBeLessThan(2_000);
        expect(next.event).toBe('state');
        expect(JSON.parse(next.data!)).toEqual(checkIn.body);
        expect(Number(next.id)).toBeGreaterThan(Number(first.id));

        await admin.post('/api/admin/live/status').send({ status: 'sold-out', product: 'Iced Mocha' }).expect(200);
        expect(JSON.parse((await stream.next()).data!)).toMatchObject({ live: true, soldOut: ['Iced Mocha'] });
        await admin.post('/api/admin/live/check-out').expect(200);
        expect(JSON.parse((await stream.next()).data!)).toMatchObject({ live: false, place: null, soldOut: [] });
      } finally {
        stream.close();
      }
    });

    it('sends the current state again to a client that reconnects with Last-Event-ID', async () => {
      const stream = await openStream(port, { 'last-event-id': '1' });
      try {
        const first = await stream.next();
        expect(JSON.parse(first.data!)).toEqual(await state());
      } finally {
        stream.close();
      }
    });

    it('keeps a quiet stream open with a comment line (every 20 s; shortened here)', async () => {
      const streams = t.app.get(LiveStreamService);
      const stream = await openStream(port);
      try {
        await stream.next();
        streams.heartbeatEvery(100);
        const deadline = Date.now() + 2_000;
        while (stream.comments.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        expect(stream.comments.slice(0, 2)).toEqual([': keep-alive', ': keep-alive']);
      } finally {
        streams.heartbeatEvery(20_000);
        stream.close();
      }
    });

    it('a refused change sends nothing', async () => {
      const stream = await openStream(port);
      try {
        await stream.next();
        expect((await admin.post('/api/admin/live/status').send({ status: 'serving' })).status).toBe(409);
        await expect(stream.next(500)).rejects.toThrow('no event within 500 ms');
      } finally {
        stream.close();
      }
    });

    it('forgets a client that goes, and answers 503 past the cap of open streams', async () => {
      const streams = t.app.get(LiveStreamService);
      const open = await openStream(port);
      await open.next();
      const held = streams.size;
      expect(held).toBeGreaterThanOrEqual(1);
      streams.maxStreams = held;
      try {
        const refused = await openStream(port);
        expect(refused.status).toBe(503);
        expect(JSON.parse(await refused.text())).toEqual({
          message: 'Too many people are following the cart right now. Please try again in a moment.',
          code: 'LIVE_STREAMS_FULL',
        });
      } finally {
        streams.maxStreams = 5_000;
      }
      open.close();
      const deadline = Date.now() + 2_000;
      while (streams.size >= held && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(streams.size).toBe(held - 1);
    });
  });
});

describe('live stream on shutdown', () => {
  it('app.close() ends an open stream (the client hears the end) and finishes', async () => {
    const t = await startTestApp();
    const stream = await openStream(await listening(t));
    await stream.next();
    const started = Date.now();
    await t.close();
    expect(Date.now() - started).toBeLessThan(10_000);
    await Promise.race([stream.ended, new Promise((_, fail) => setTimeout(() => fail(new Error('the stream did not end')), 2_000))]);
  });
});
