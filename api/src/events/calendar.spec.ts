import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CalendarStatus, ScheduledEvent } from '@cocoa/shared-types';
import { startTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import { parseIcs } from './ics';

const pad = (n: number) => String(n).padStart(2, '0');

describe('calendar feeds (ICS) and the published calendar.ics', () => {
  let t: TestApp;
  let server: Server;
  let base = '';
  let geocoded = 0;
  let admin: Awaited<ReturnType<TestApp['signedIn']>>;
  const next = new Date(new Date().getFullYear(), new Date().getMonth() + 1, 1);
  const ymd = (day: number) => `${next.getFullYear()}${pad(next.getMonth() + 1)}${pad(day)}`;
  const feeds: Record<string, string> = {};
  const vevent = (lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'];
  const calendar = (...events: string[][]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Feed//EN', ...events.flat(), 'END:VCALENDAR'].join('\r\n') + '\r\n';
  const imported = async (): Promise<Array<{ source_uid: string; title: string; latitude: number | null; start_time: string | null }>> =>
    t.dataSource.query('SELECT source_uid, title, latitude, start_time FROM scheduled_locations WHERE source_uid IS NOT NULL ORDER BY source_uid');

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/search') {
        geocoded++;
        return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify([{ lat: '30.2672', lon: '-97.7431', display_name: 'Austin' }]));
      }
      const body = feeds[url.pathname];
      if (body === undefined) return void res.writeHead(404).end('Not found');
      res.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await startTestApp({ GEOCODER_URL: base });
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    feeds['/market.ics'] = calendar(
      vevent(['UID:market-1@feed', 'DTSTAMP:20260101T000000Z', `DTSTART:${ymd(3)}T090000`, `DTEND:${ymd(3)}T130000`, 'SUMMARY:Farmers\\, market', 'LOCATION:Pike Place Market\\, 85 Pike St\\, Seattle\\, WA', 'GEO:47.6097;-122.3422']),
      vevent(['UID:market-2@feed', `DTSTART:${ymd(10)}T100000`, `DTEND:${ymd(10)}T140000`, 'SUMMARY:Austin pop-up', 'LOCATION:Zilker Park\\, 2100 Barton Springs Rd\\, Austin\\, TX']),
      vevent(['UID:market-3@feed', `DTSTART;VALUE=DATE:${ymd(12)}`, 'SUMMARY:All-day festival']),
    );
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('is admin-only, except the published feed', async () => {
    const body = { calendarId: `${base}/market.ics` };
    expect((await t.agent().get('/api/events/calendar/status')).status).toBe(401);
    expect((await t.agent().post('/api/events/init-calendar')).status).toBe(401);
    for (const path of ['set-active', 'add-custom', 'set-primary', 'remove-custom']) expect((await t.agent().post(`/api/events/calendar/${path}`).send(body)).status).toBe(401);
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

  it('adds a feed, imports its events keyed by UID, geocoding the one without GEO', async () => {
    const res = await admin.post('/api/events/calendar/add-custom').send({ calendarId: `${base}/market.ics`, name: 'Markets' });
    expect(res.status).toBe(200);
    const status = res.body as CalendarStatus;
    expect(status.status).toBe('connected');
    expect(status.calendars).toEqual([{ id: `${base}/market.ics`, name: 'Markets', primary: true, active: true, lastSyncedAt: expect.any(String), lastError: null }]);
    expect(await imported()).toEqual([
      { source_uid: 'market-1@feed', title: 'Farmers, market', latitude: 47.6097, start_time: '09:00' },
      { source_uid: 'market-2@feed', title: 'Austin pop-up', latitude: 30.2672, start_time: '10:00' },
      { source_uid: 'market-3@feed', title: 'All-day festival', latitude: null, start_time: null },
    ]);
    expect(geocoded).toBe(1);
    const events = (await t.agent().get('/api/events')).body as ScheduledEvent[];
    const market = events.find((e) => e.title === 'Farmers, market') as ScheduledEvent;
    expect(market).toMatchObject({ location: 'Pike Place Market', address: 'Pike Place Market, 85 Pike St, Seattle, WA', startTime: '09:00', endTime: '13:00', longitude: -122.3422 });
    expect(new Date(market.date).getDate()).toBe(3);
    expect(new Date(market.date).getHours()).toBe(12);
    expect((await admin.post('/api/events/calendar/add-custom').send({ calendarId: `${base}/market.ics` })).status).toBe(409);
  });

  it('init-calendar re-reads the feed and upserts by UID without duplicates; dropped and cancelled events go', async () => {
    const again = await admin.post('/api/events/init-calendar');
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ imported: 0, updated: 3, failed: 0, status: 'connected' });
    expect(await imported()).toHaveLength(3);
    expect(geocoded).toBe(1); // unchanged address: coordinates kept, no new lookup

    feeds['/market.ics'] = calendar(
      vevent(['UID:market-1@feed', `DTSTART:${ymd(4)}T100000`, 'SUMMARY:Farmers market (moved)', 'GEO:47.6097;-122.3422']),
      vevent(['UID:market-2@feed', `DTSTART:${ymd(10)}T100000`, 'SUMMARY:Austin pop-up', 'STATUS:CANCELLED']),
      vevent(['UID:market-4@feed', `DTSTART:${ymd(20)}T150000`, 'SUMMARY:New one']),
    );
    const res = await admin.post('/api/events/init-calendar');
    expect(res.body).toEqual({ imported: 1, updated: 1, failed: 0, status: 'connected' });
    expect((await imported()).map((r) => [r.source_uid, r.title])).toEqual([
      ['market-1@feed', 'Farmers market (moved)'],
      ['market-4@feed', 'New one'],
    ]);
  });

  it('reports a failing feed as partial or error, and set-active / set-primary / remove-custom manage the list', async () => {
    const add = await admin.post('/api/events/calendar/add-custom').send({ calendarId: `${base}/missing.ics` });
    expect(add.status).toBe(200);
    expect(add.body.status).toBe('partial');
    const missing = (add.body as CalendarStatus).calendars.find((c) => c.id.endsWith('/missing.ics'));
    expect(missing).toMatchObject({ primary: false, active: true, lastError: 'The feed answered HTTP 404' });

    const primary = await admin.post('/api/events/calendar/set-primary').send({ calendarId: `${base}/missing.ics` });
    expect((primary.body as CalendarStatus).calendars.filter((c) => c.primary).map((c) => c.id)).toEqual([`${base}/missing.ics`]);

    const off = await admin.post('/api/events/calendar/set-active').send({ calendarId: `${base}/market.ics`, active: false });
    expect(off.body.status).toBe('error');

    const removed = await admin.post('/api/events/calendar/remove-custom').send({ calendarId: `${base}/market.ics` });
    expect(removed.status).toBe(200);
    expect((removed.body as CalendarStatus).calendars.map((c) => c.id)).toEqual([`${base}/missing.ics`]);
    expect(await imported()).toEqual([]);

    expect((await admin.post('/api/events/calendar/remove-custom').send({ calendarId: `${base}/market.ics` })).status).toBe(404);
    for (const body of [{}, { calendarId: 'ftp://x/y.ics' }, { calendarId: 'not a url' }, { calendarId: `${base}/a.ics`, extra: 1 }]) {
      const res = await admin.post('/api/events/calendar/set-active').send(body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
  });

  it('publishes the schedule as a valid iCalendar feed that parses back', async () => {
    const res = await t.agent().get('/api/events/calendar.ics').buffer(true).parse((r, cb) => {
      let data = '';
      r.on('data', (c: Buffer) => (data += c.toString('utf8')));
      r.on('end', () => cb(null, data));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = res.body as string;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const line of text.split('\r\n')) {
      expect(line).not.toMatch(/\n/);
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    }
    const events = parseIcs(text);
    const listed = (await t.agent().get('/api/events')).body as ScheduledEvent[];
    expect(events.length).toBeGreaterThanOrEqual(listed.length);
    for (const e of listed) {
      const published = events.find((p) => p.uid === `scheduled-location-${e.id}@localhost`);
      expect(published).toBeDefined();
      expect(published?.summary).toBe(e.title);
      expect(published?.location).toContain(e.location as string);
      if (e.latitude !== null) expect(published?.geo).toEqual({ latitude: e.latitude, longitude: e.longitude });
      if (e.startTime) {
        expect(published?.start?.utc).toBe(true);
        const start = new Date(Date.UTC(published!.start!.year, published!.start!.month - 1, published!.start!.day, published!.start!.hour, published!.start!.minute));
        expect(`${pad(start.getHours())}:${pad(start.getMinutes())}`).toBe(e.startTime);
      }
    }
    expect(text).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(text).toMatch(/\r\nDTEND:\d{8}T\d{6}Z\r\n/);
  });
});
