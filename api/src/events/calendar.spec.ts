import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CalendarStatus, dayIn, DEFAULT_SHOP_TIME_ZONE, localTimeZone, type ScheduledEvent } from '@cocoa/shared-types';
import ICAL from 'ical.js';
import * as nodeIcal from 'node-ical';
import { normaliseAddress } from '@cocoa/shared-types';
import { corpusText, FEED_CORPUS, icalJsReference, nodeIcalReference, type Stop, stopKey } from '../test/feed-corpus';
import { startTestApp, TEST_ADMIN, type TestAgent, type TestApp } from '../test/test-app';
import { CalendarService } from './calendar.service';
import { feedWindow, readFeed } from './ics';

const pad = (n: number) => String(n).padStart(2, '0');
const ZONE = DEFAULT_SHOP_TIME_ZONE;

interface StoredRow {
  source_uid: string;
  calendar_id: string;
  title: string;
  location: string | null;
  address: string | null;
  date: Date;
  start_time: string | null;
  end_time: string | null;
  latitude: number | null;
}

describe(`calendar feeds (ICS) and the published calendar.ics (process zone ${localTimeZone()})`, () => {
  let t: TestApp;
  let server: Server;
  let base = '';
  let geocoded: string[] = [];
  let admin: TestAgent;
  const now = new Date();
  const today = dayIn(now, ZONE).split('-').map(Number);
  // The first of next month, in the shop's zone: well inside the import window.
  const next = new Date(Date.UTC(today[0], today[1], 1));
  const ymd = (day: number) => `${next.getUTCFullYear()}${pad(next.getUTCMonth() + 1)}${pad(day)}`;
  const isoDay = (day: number) => `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(day)}`;
  const feeds: Record<string, string> = {};
  const redirects: Record<string, string> = {};
  let loopback: Server;
  let loopbackPort = 0;
  let loopbackHits = 0;
  let closedPort = 0;
  const vevent = (lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'];
  const calendar = (...events: string[][]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Feed//EN', ...events.flat(), 'END:VCALENDAR'].join('\r\n') + '\r\n';
  const rows = async (calendarId?: string): Promise<StoredRow[]> =>
    t.dataSource.query(
      `SELECT source_uid, calendar_id, title, location, address, date, start_time, end_time, latitude FROM scheduled_locations WHERE source_uid IS NOT NULL ${calendarId ? 'AND calendar_id = $1' : ''} ORDER BY date, start_time NULLS FIRST, source_uid`,
      calendarId ? [calendarId] : [],
    );
  const imported = async () => (await rows()).map((r) => [r.source_uid, r.title]);
  const add = (path: string, name?: string) => admin.post('/api/events/calendar/add-custom').send({ calendarId: `${base}${path}`, ...(name ? { name } : {}) });

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/search') {
        geocoded.push(url.searchParams.get('q') ?? '');
        return void res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify([{ lat: '30.2672', lon: '-97.7431', display_name: 'Austin' }]));
      }
      const to = redirects[url.pathname];
      if (to) return void res.writeHead(302, { Location: to }).end();
      const body = url.pathname.startsWith('/corpus/') ? corpusText(url.pathname.slice('/corpus/'.length)) : feeds[url.pathname];
      if (body === undefined) return void res.writeHead(404).end('Not found');
      res.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // A working feed server on another loopback address, which the allow-list does not name.
    loopback = createServer((_req, res) => {
      loopbackHits += 1;
      res.writeHead(200, { 'Content-Type': 'text/calendar' }).end(calendar());
    });
    await new Promise<void>((resolve) => loopback.listen(0, '127.0.0.2', resolve));
    loopbackPort = (loopback.address() as AddressInfo).port;
    // A port nothing listens on.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    // The feed server is local: the allow-list lets the shop fetch from it (and nothing else local).
    t = await startTestApp({ GEOCODER_URL: base, OUTBOUND_ALLOWLIST: '127.0.0.1' });
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    feeds['/market.ics'] = calendar(
      vevent([
        'UID:market-1@feed',
        'DTSTAMP:20260101T000000Z',
        `DTSTART:${ymd(3)}T090000`,
        `DTEND:${ymd(3)}T130000`,
        'SUMMARY:Farmers\\, market',
        'LOCATION:Pike Place Market\\, 85 Pike St\\, Seattle\\, WA',
        'GEO:47.6097;-122.3422',
      ]),
      vevent([
        'UID:market-2@feed',
        `DTSTART:${ymd(10)}T100000`,
        `DTEND:${ymd(10)}T140000`,
        'SUMMARY:Austin pop-up',
        'LOCATION:Zilker Park\\, 2100 Barton Springs Rd\\, Austin\\, TX',
      ]),
      vevent(['UID:market-3@feed', `DTSTART;VALUE=DATE:${ymd(12)}`, 'SUMMARY:All-day festival']),
    );
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await new Promise<void>((resolve) => loopback.close(() => resolve()));
  });

  it('is admin-only, except the published feed', async () => {
    const body = { calendarId: `${base}/market.ics` };
    expect((await t.agent().get('/api/events/calendar/status')).status).toBe(401);
    expect((await t.agent().post('/api/events/init-calendar')).status).toBe(401);
    for (const path of ['set-active', 'add-custom', 'set-primary', 'remove-custom'])
      expect((await t.agent().post(`/api/events/calendar/${path}`).send(body)).status).toBe(401);
    await t.agent().post('/api/register').send({ username: 'calfan', email: 'calfan@example.com', password: 'calfan-pass' });
    const customer = await t.signedIn('calfan', 'calfan-pass');
    expect((await customer.get('/api/events/calendar/status')).status).toBe(403);
    expect((await customer.post('/api/events/calendar/add-custom').send(body)).status).toBe(403);
    expect((await t.agent().get('/api/events/calendar.ics')).status).toBe(200);
  });

  it('starts disconnected', async () => {
    const res = await admin.get('/api/events/calendar/status');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'disconnected', geocoding: 'available', calendars: [] });
  });

  it('adds a feed and imports its events in the shop zone, LOCATION whole, geocoding the one without GEO', async () => {
    const res = await add('/market.ics', 'Markets');
    expect(res.status).toBe(200);
    const status = res.body as CalendarStatus;
    expect(status.status).toBe('connected');
    expect(status.calendars).toEqual([
      { id: `${base}/market.ics`, name: 'Markets', primary: true, active: true, lastSyncedAt: expect.any(String), lastError: null },
    ]);
    expect((await rows()).map((r) => [r.source_uid, r.title, r.latitude, r.start_time, dayIn(r.date, ZONE)])).toEqual([
      ['market-1@feed', 'Farmers, market', 47.6097, '09:00', isoDay(3)],
      ['market-2@feed', 'Austin pop-up', 30.2672, '10:00', isoDay(10)],
      ['market-3@feed', 'All-day festival', null, null, isoDay(12)],
    ]);
    expect(geocoded).toEqual(['Zilker Park, 2100 Barton Springs Rd, Austin, TX']);
    const events = (await t.agent().get('/api/events')).body as ScheduledEvent[];
    const market = events.find((e) => e.title === 'Farmers, market') as ScheduledEvent;
    expect(market).toMatchObject({
      location: 'Pike Place Market, 85 Pike St, Seattle, WA',
      address: 'Pike Place Market, 85 Pike St, Seattle, WA',
      startTime: '09:00',
      endTime: '13:00',
      longitude: -122.3422,
      calendarName: 'Markets',
      timeZone: ZONE,
    });
    expect(dayIn(new Date(market.date), ZONE)).toBe(isoDay(3));
    expect(events.find((e) => e.title === 'All-day festival')).toMatchObject({ startTime: null, endTime: null });
    expect((await add('/market.ics')).status).toBe(409);
  });

  it('init-calendar re-reads the feed and upserts by key without duplicates; dropped and cancelled events go', async () => {
    const again = await admin.post('/api/events/init-calendar');
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ imported: 0, updated: 3, failed: 0, status: 'connected' });
    expect(await rows()).toHaveLength(3);
    expect(geocoded).toHaveLength(1); // unchanged address: coordinates kept, no new lookup

    feeds['/market.ics'] = calendar(
      vevent(['UID:market-1@feed', `DTSTART:${ymd(4)}T100000`, 'SUMMARY:Farmers market (moved)', 'GEO:47.6097;-122.3422']),
      vevent(['UID:market-2@feed', `DTSTART:${ymd(10)}T100000`, 'SUMMARY:Austin pop-up', 'STATUS:CANCELLED']),
      vevent(['UID:market-4@feed', `DTSTART:${ymd(20)}T150000`, 'SUMMARY:New one']),
    );
    const res = await admin.post('/api/events/init-calendar');
    expect(res.body).toEqual({ imported: 1, updated: 1, failed: 0, status: 'connected' });
    expect(await imported()).toEqual([
      ['market-1@feed', 'Farmers market (moved)'],
      ['market-4@feed', 'New one'],
    ]);
  });

  it('expands series: a weekly stop every week, a fortnightly all-day series of 24 all 24 times, each address geocoded once', async () => {
    geocoded = [];
    feeds['/series.ics'] = calendar(
      vevent([
        'UID:weekly@series',
        `DTSTART;TZID=America/Chicago:${ymd(2)}T110000`,
        'DURATION:PT4H',
        'RRULE:FREQ=WEEKLY;COUNT=10',
        `EXDATE;TZID=America/Chicago:${ymd(9)}T110000`,
        'SUMMARY:Weekly market',
        'LOCATION:Daley Plaza\\, 50 W Washington St\\, Chicago\\, IL',
      ]),
      vevent([
        'UID:weekly@series',
        `RECURRENCE-ID;TZID=America/Chicago:${ymd(16)}T110000`,
        `DTSTART;TZID=America/Chicago:${ymd(17)}T120000`,
        `DTEND;TZID=America/Chicago:${ymd(17)}T140000`,
        'SUMMARY:Weekly market (Thursday this week)',
        'LOCATION:Daley Plaza\\, 50 W Washington St\\, Chicago\\, IL',
      ]),
      vevent(['UID:fortnightly@series', `DTSTART;VALUE=DATE:${ymd(5)}`, 'RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=24', 'SUMMARY:Fortnightly fair']),
    );
    expect((await add('/series.ics', 'Series')).body.status).toBe('connected');
    const stored = await rows(`${base}/series.ics`);
    const weekly = stored.filter((r) => r.title.startsWith('Weekly market'));
    expect(weekly).toHaveLength(9); // 10, one excluded
    expect(weekly.map((r) => dayIn(r.date, ZONE))).not.toContain(isoDay(9));
    expect(weekly.map((r) => dayIn(r.date, ZONE))).not.toContain(isoDay(16)); // replaced by the 17th
    expect(weekly.find((r) => r.title === 'Weekly market (Thursday this week)')).toMatchObject({
      start_time: '12:00',
      end_time: '14:00',
      source_uid: `weekly@series#${ymd(16)}T170000Z`,
    });
    expect(weekly.find((r) => dayIn(r.date, ZONE) === isoDay(2))).toMatchObject({
      start_time: '11:00',
      end_time: '15:00',
      location: 'Daley Plaza, 50 W Washington St, Chicago, IL',
    });
    const fair = stored.filter((r) => r.title === 'Fortnightly fair');
    expect(fair).toHaveLength(24);
    expect(fair.every((r) => r.start_time === null && r.end_time === null)).toBe(true);
    expect(geocoded).toEqual(['Daley Plaza, 50 W Washington St, Chicago, IL']);
  });

  it('replaces a series imported under the old key (its bare UID, on its first date) by its occurrences', async () => {
    feeds['/legacy.ics'] = calendar(vevent(['UID:legacy@series', `DTSTART:${ymd(8)}T100000`, 'SUMMARY:Legacy stop', 'GEO:41.88;-87.62']));
    await add('/legacy.ics', 'Legacy');
    // As the reader before this one stored a weekly series begun years ago: once, under its UID.
    await t.dataSource.query(`UPDATE scheduled_locations SET date = '2020-01-07T18:00:00Z' WHERE calendar_id = $1`, [`${base}/legacy.ics`]);
    feeds['/legacy.ics'] = calendar(
      vevent(['UID:legacy@series', 'DTSTART;TZID=America/Chicago:20200107T100000', 'RRULE:FREQ=WEEKLY', 'SUMMARY:Legacy stop', 'GEO:41.88;-87.62']),
    );
    await admin.post('/api/events/init-calendar');
    const stored = await rows(`${base}/legacy.ics`);
    expect(stored.length).toBeGreaterThan(50);
    expect(stored.every((r) => r.source_uid.startsWith('legacy@series#'))).toBe(true);
    await admin.post('/api/events/calendar/remove-custom').send({ calendarId: `${base}/legacy.ics` });
  });

  it('keys stops by feed: one feed never overwrites or removes the stops of another, even with the same UID or a CANCELLED copy', async () => {
    feeds['/a.ics'] = calendar(vevent(['UID:shared@uid', `DTSTART:${ymd(21)}T100000`, 'SUMMARY:From feed A', 'GEO:41.88;-87.62']));
    feeds['/b.ics'] = calendar(vevent(['UID:shared@uid', `DTSTART:${ymd(21)}T100000`, 'SUMMARY:From feed B', 'GEO:41.88;-87.62']));
    await add('/a.ics', 'Feed A');
    await add('/b.ics', 'Feed B');
    const shared = async () => (await rows()).filter((r) => r.source_uid === 'shared@uid').map((r) => [r.calendar_id, r.title]);
    expect(await shared()).toEqual(
      expect.arrayContaining([
        [`${base}/a.ics`, 'From feed A'],
        [`${base}/b.ics`, 'From feed B'],
      ]),
    );
    feeds['/b.ics'] = calendar(vevent(['UID:shared@uid', `DTSTART:${ymd(21)}T100000`, 'SUMMARY:From feed B', 'STATUS:CANCELLED']));
    await admin.post('/api/events/init-calendar');
    expect(await shared()).toEqual([[`${base}/a.ics`, 'From feed A']]);
    await admin.post('/api/events/calendar/remove-custom').send({ calendarId: `${base}/b.ics` });
    expect(await shared()).toEqual([[`${base}/a.ics`, 'From feed A']]);
  });

  it("refuses the owner's edit or deletion of an imported stop with a clear 'managed by the feed' message", async () => {
    const [row] = await t.dataSource.query<Array<{ id: number; title: string }>>(`SELECT id, title FROM scheduled_locations WHERE calendar_id = $1`, [
      `${base}/a.ics`,
    ]);
    const input = { title: 'Renamed here', location: 'Town Hall', address: '1 Main St', date: new Date().toISOString() };
    const message = 'This stop comes from the calendar feed "Feed A": change it in that calendar, or remove the feed';
    const put = await admin.put(`/api/events/${row.id}`).send(input);
    expect([put.status, put.body]).toEqual([409, expect.objectContaining({ message, code: 'LOCATION_MANAGED_BY_FEED' })]);
    const del = await admin.delete(`/api/events/${row.id}`);
    expect([del.status, del.body]).toEqual([409, expect.objectContaining({ message, code: 'LOCATION_MANAGED_BY_FEED' })]);
    expect((await t.dataSource.query(`SELECT title FROM scheduled_locations WHERE id = $1`, [row.id]))[0].title).toBe('From feed A');
  });

  it('reports a feed that starts failing as partial or error, and set-active / set-primary / remove-custom manage the list', async () => {
    for (const path of ['/a.ics', '/series.ics']) await admin.post('/api/events/calendar/remove-custom').send({ calendarId: `${base}${path}` });
    feeds['/missing.ics'] = calendar();
    expect((await add('/missing.ics')).status).toBe(200);
    delete feeds['/missing.ics'];
    const synced = await admin.post('/api/events/init-calendar');
    expect(synced.body).toMatchObject({ failed: 1, status: 'partial' });
    const after = (await admin.get('/api/events/calendar/status')).body as CalendarStatus;
    expect(after.status).toBe('partial');
    const missing = after.calendars.find((c) => c.id.endsWith('/missing.ics'));
    expect(missing).toMatchObject({ primary: false, active: true, lastError: 'The feed answered HTTP 404' });

    const primary = await admin.post('/api/events/calendar/set-primary').send({ calendarId: `${base}/missing.ics` });
    expect((primary.body as CalendarStatus).calendars.filter((c) => c.primary).map((c) => c.id)).toEqual([`${base}/missing.ics`]);

    const off = await admin.post('/api/events/calendar/set-active').send({ calendarId: `${base}/market.ics`, active: false });
    expect(off.body.status).toBe('error');

    const removed = await admin.post('/api/events/calendar/remove-custom').send({ calendarId: `${base}/market.ics` });
    expect(removed.status).toBe(200);
    expect((removed.body as CalendarStatus).calendars.map((c) => c.id)).toEqual([`${base}/missing.ics`]);
    expect(await rows()).toEqual([]);

    expect((await admin.post('/api/events/calendar/remove-custom').send({ calendarId: `${base}/market.ics` })).status).toBe(404);
    for (const body of [{}, { calendarId: 'ftp://x/y.ics' }, { calendarId: 'not a url' }, { calendarId: `${base}/a.ics`, extra: 1 }]) {
      const res = await admin.post('/api/events/calendar/set-active').send(body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    await admin.post('/api/events/calendar/remove-custom').send({ calendarId: `${base}/missing.ics` });
  });

  describe('adding a feed that cannot be used', () => {
    const statusNow = async () => (await admin.get('/api/events/calendar/status')).body as CalendarStatus;

    it.each([
      ['answers 404', () => add('/nowhere.ics'), 'The feed answered HTTP 404'],
      ['is not a calendar', () => add('/page.html'), 'Not an iCalendar feed'],
      ['is not valid iCalendar', () => add('/broken.ics'), expect.stringMatching(/^The feed is not valid iCalendar: /)],
      [
        'has nothing listening',
        () => admin.post('/api/events/calendar/add-custom').send({ calendarId: `http://127.0.0.1:${closedPort}/feed.ics` }),
        `Could not fetch the feed: 127.0.0.1 refused the connection`,
      ],
    ])('is refused with 422 and the reason, and not kept, when it %s', async (_case, send, message) => {
      feeds['/page.html'] = '<!doctype html><title>Calendar</title><p>Our calendar';
      feeds['/broken.ics'] = 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nthis is not a property line\r\n';
      const before = await statusNow();
      const res = await send();
      expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: { message, code: 'CALENDAR_FEED_UNUSABLE' } });
      expect(await statusNow()).toEqual(before);
    });

    it('refuses a feed on a loopback address the allow-list does not name, with a clear message', async () => {
      const res = await admin.post('/api/events/calendar/add-custom').send({ calendarId: `http://127.0.0.2:${loopbackPort}/market.ics` });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('Could not fetch the feed: 127.0.0.2 is a loopback address; only addresses on the public internet are fetched');
      expect(loopbackHits).toBe(0);
    });

    it.each([
      ['the cloud metadata service', 'http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
      ['a private network', 'http://10.0.0.7/feed.ics', '10.0.0.7 is a private address'],
      ['IPv6 loopback', 'http://[::1]/feed.ics', '::1 is a loopback address'],
      ['an IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.2]/feed.ics', '::ffff:7f00:2 is a loopback address'],
      ['a decimal loopback', 'http://2130706434/feed.ics', '127.0.0.2 is a loopback address'],
      ['an octal loopback', 'http://0177.0.0.2/feed.ics', '127.0.0.2 is a loopback address'],
    ])('refuses a feed that redirects to %s, on the first add and on later syncs', async (_what, to, why) => {
      const path = `/moved-${encodeURIComponent(to)}`;
      feeds[path] = calendar();
      expect((await admin.post('/api/events/calendar/add-custom').send({ calendarId: `${base}${path}` })).status).toBe(200);
      redirects[path] = to;
      const synced = await admin.post('/api/events/init-calendar');
      expect(synced.body.failed).toBe(1);
      const feed = (await statusNow()).calendars.find((c) => c.id === `${base}${path}`);
      expect(feed?.lastError).toBe(`Could not fetch the feed: ${why}; only addresses on the public internet are fetched`);
      await admin.post('/api/events/calendar/remove-custom').send({ calendarId: `${base}${path}` });

      const fresh = `/redirect-${encodeURIComponent(to)}`;
      redirects[fresh] = to;
      const res = await admin.post('/api/events/calendar/add-custom').send({ calendarId: `${base}${fresh}` });
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 422,
        message: `Could not fetch the feed: ${why}; only addresses on the public internet are fetched`,
      });
    });

    it('follows a redirect that stays on an allowed server', async () => {
      redirects['/old-market.ics'] = `${base}/market.ics`;
      const res = await add('/old-market.ics', 'Moved market');
      expect(res.status).toBe(200);
      expect((res.body as CalendarStatus).calendars.find((c) => c.name === 'Moved market')).toMatchObject({
        lastError: null,
        lastSyncedAt: expect.any(String),
      });
      await admin.post('/api/events/calendar/remove-custom').send({ calendarId: `${base}/old-market.ics` });
    });
  });

  describe('the corpus of real feeds, as stored, against the reference expansion', () => {
    beforeAll(async () => {
      // Their addresses are answered from the geocoding cache: this is about occurrences, and the
      // Nominatim pacing (one lookup a second) would make it slow.
      const addresses = new Set<string>();
      for (const f of FEED_CORPUS)
        for (const o of readFeed(corpusText(f.file), { timeZone: ZONE, now: new Date(f.now) }).occurrences) if (o.location) addresses.add(o.location);
      for (const a of addresses) {
        await t.dataSource.query(
          `INSERT INTO geocode_cache (query, provider, latitude, longitude, display_name) VALUES ($1, 'nominatim', 41.88, -87.62, $2) ON CONFLICT DO NOTHING`,
          [normaliseAddress(a), a],
        );
      }
    });
    afterAll(() => {
      t.app.get(CalendarService).clock = () => new Date();
    });

    for (const fixture of FEED_CORPUS) {
      it(`${fixture.file} (${fixture.producer})`, async () => {
        t.app.get(CalendarService).clock = () => new Date(fixture.now);
        const res = await add(`/corpus/${fixture.file}`, fixture.producer.slice(0, 200));
        expect((res.body as CalendarStatus).calendars.find((c) => c.id === `${base}/corpus/${fixture.file}`)).toMatchObject({ lastError: null });
        const stored = await rows(`${base}/corpus/${fixture.file}`);
        const asStops: Stop[] = stored.map((r) => ({
          day: dayIn(r.date, ZONE),
          startTime: r.start_time,
          endTime: r.end_time,
          title: r.title,
          location: r.location,
        }));
        const window = feedWindow(new Date(fixture.now), ZONE);
        const reference =
          fixture.references[0] === 'ical.js'
            ? icalJsReference(corpusText(fixture.file), ZONE, window)
            : nodeIcalReference(corpusText(fixture.file), ZONE, window);
        expect(asStops.map(stopKey).sort()).toEqual(reference.map(stopKey).sort());
        expect(stored.length).toBeGreaterThan(0);
        await admin.post('/api/events/calendar/remove-custom').send({ calendarId: `${base}/corpus/${fixture.file}` });
      });
    }
  });

  it('publishes the schedule as iCalendar that ical.js and node-ical read back: UTC instants of the shop-zone wall times, DATE for all-day stops', async () => {
    const created = await admin.post('/api/events').send({
      title: 'Cocoa at the Plaza',
      location: 'Daley Plaza',
      address: '50 W Washington St, Chicago, IL',
      date: `${isoDay(6)}T18:00:00.000Z`,
      startTime: '11:00',
      endTime: '14:00',
      latitude: 41.8837,
      longitude: -87.6298,
    });
    expect(created.status).toBe(201);
    const allDay = await admin
      .post('/api/events')
      .send({ title: 'All-day fair', location: 'Grant Park', address: '337 E Randolph St, Chicago, IL', date: `${isoDay(7)}T18:00:00.000Z` });
    expect(allDay.status).toBe(201);
    const res = await t
      .agent()
      .get('/api/events/calendar.ics')
      .buffer(true)
      .parse((r, cb) => {
        let data = '';
        r.on('data', (c: Buffer) => (data += c.toString('utf8')));
        r.on('end', () => cb(null, data));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = res.body as string;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    for (const line of text.split('\r\n')) {
      expect(line).not.toMatch(/\n/);
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    }
    const listed = (await t.agent().get('/api/events')).body as ScheduledEvent[];
    const byIcal = new Map(
      new ICAL.Component(ICAL.parse(text) as never)
        .getAllSubcomponents('vevent')
        .map((c) => new ICAL.Event(c))
        .map((e) => [e.uid, e]),
    );
    const byNodeIcal = nodeIcal.sync.parseICS(text);
    expect(byIcal.size).toBeGreaterThanOrEqual(listed.length);
    for (const e of listed) {
      const uid = `scheduled-location-${e.id}@localhost`;
      const one = byIcal.get(uid) as ICAL.Event;
      const two = byNodeIcal[uid] as nodeIcal.VEvent;
      expect([one.summary, two.summary]).toEqual([e.title, e.title]);
      expect(one.location).toContain(e.location as string);
      if (e.startTime) {
        const start = new Date(one.startDate.toUnixTime() * 1000);
        expect(two.start.getTime()).toBe(start.getTime());
        const wall = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(start);
        expect(wall).toBe(e.startTime);
        expect(dayIn(start, ZONE)).toBe(dayIn(new Date(e.date), ZONE));
      } else {
        expect(one.startDate.isDate).toBe(true);
        expect(two.datetype).toBe('date');
        expect(one.startDate.toString()).toBe(dayIn(new Date(e.date), ZONE));
      }
    }
    const plaza = byIcal.get(`scheduled-location-${created.body.id}@localhost`) as ICAL.Event;
    expect([plaza.startDate.toString(), plaza.endDate.toString()]).toEqual([
      `${isoDay(6)}T${isDst(isoDay(6)) ? '16' : '17'}:00:00Z`,
      `${isoDay(6)}T${isDst(isoDay(6)) ? '19' : '20'}:00:00Z`,
    ]);
  });
});

/** Whether Chicago is on daylight time that day (CDT, UTC-5). */
function isDst(day: string): boolean {
  return new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'short' }).format(new Date(`${day}T18:00:00Z`)).endsWith('CDT');
}
