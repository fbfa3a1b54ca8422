import {
  dayIn,
  DEFAULT_SHOP_TIME_ZONE,
  HH_MM_PATTERN,
  noonOf,
  type ScheduledEvent,
  scheduledEventSchema,
  startOfMonthIn,
  wallTimeIn,
} from '@cocoa/shared-types';
import { EVENT_SEEDS } from '../seed/seed.data';
import { TEST_ADMIN, useTestApp } from '../test/test-app';

// Months and days are the shop's (America/Chicago by default), never the test process's zone:
// npm test runs this file with TZ=UTC and TZ=Pacific/Auckland too.
const zone = DEFAULT_SHOP_TIME_ZONE;
const monthKey = (d: Date) => dayIn(d, zone).slice(0, 7);

describe('GET /api/events', () => {
  const t = useTestApp();
  const now = new Date();
  const thisMonth = startOfMonthIn(now, zone);
  const nextMonth = startOfMonthIn(now, zone, 1);
  const lastMonth = noonOf(`${monthKey(startOfMonthIn(now, zone, -1))}-15`, zone);

  beforeAll(async () => {
    // an event before this month, which the default range leaves out
    await t.dataSource.query(`INSERT INTO scheduled_locations (title, date, start_time, end_time) VALUES ('Last month', $1, '10:00', '12:00')`, [lastMonth]);
  });

  it('answers the seeded events of this month and next, by date, in the event shape', async () => {
    const res = await t.agent().get('/api/events');
    expect(res.status).toBe(200);
    const events = res.body as ScheduledEvent[];
    expect(events).toHaveLength(EVENT_SEEDS.length);
    for (const e of events) {
      expect(scheduledEventSchema.strict().parse(e)).toEqual(e);
      expect(new Date(e.date).toISOString()).toBe(e.date);
      expect(wallTimeIn(new Date(e.date), zone).hour).toBe(12); // noon in the shop's zone
      expect(e.timeZone).toBe(zone);
      expect(e.startTime).toMatch(HH_MM_PATTERN);
      expect(e.endTime).toMatch(HH_MM_PATTERN);
      expect(e.title && e.location && e.address && e.description).toBeTruthy();
      // real places in the continental US
      expect(e.latitude).toBeGreaterThan(24);
      expect(e.latitude).toBeLessThan(50);
      expect(e.longitude).toBeGreaterThan(-125);
      expect(e.longitude).toBeLessThan(-66);
    }
    const dates = events.map((e) => Date.parse(e.date));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    const months = new Set(events.map((e) => monthKey(new Date(e.date))));
    expect(months).toEqual(new Set([monthKey(thisMonth), monthKey(nextMonth)]));
    // one is today, so the tracker opens on something
    expect(events.some((e) => dayIn(new Date(e.date), zone) === dayIn(now, zone))).toBe(true);
    expect(events.some((e) => e.title === 'Last month')).toBe(false);
  });

  it('filters with from (inclusive) and to (exclusive), as dates or date-times', async () => {
    const next = await t.agent().get('/api/events').query({ from: nextMonth.toISOString() });
    expect(next.status).toBe(200);
    expect((next.body as ScheduledEvent[]).length).toBe(EVENT_SEEDS.filter((e) => e.monthOffset === 1).length);
    expect((next.body as ScheduledEvent[]).every((e) => Date.parse(e.date) >= nextMonth.getTime())).toBe(true);

    const current = await t.agent().get('/api/events').query({ to: nextMonth.toISOString() });
    expect((current.body as ScheduledEvent[]).length).toBe(EVENT_SEEDS.filter((e) => e.monthOffset === 0).length);

    const withPast = await t
      .agent()
      .get('/api/events')
      .query({ from: startOfMonthIn(now, zone, -1).toISOString() });
    expect((withPast.body as ScheduledEvent[])[0].title).toBe('Last month');
    expect(withPast.body).toHaveLength(EVENT_SEEDS.length + 1);

    const dateOnly = await t.agent().get('/api/events').query({ from: '2000-01-01', to: '2000-02-01' });
    expect(dateOnly.status).toBe(200);
    expect(dateOnly.body).toEqual([]);
    const offset = await t.agent().get('/api/events').query({ from: '2000-01-01T00:00:00+02:00' });
    expect(offset.status).toBe(200);

    // A date without a time is that day's midnight in the shop's zone: a stop on the 1st (stored
    // at noon there) is in its month whatever the zone's distance from UTC.
    const firstOfNext = `${monthKey(nextMonth)}-01`;
    const stop = (
      await t.dataSource.query(`INSERT INTO scheduled_locations (title, date) VALUES ('On the first', $1) RETURNING id`, [noonOf(firstOfNext, zone)])
    )[0].id as number;
    const fromDay = (await t.agent().get('/api/events').query({ from: firstOfNext })).body as ScheduledEvent[];
    const toDay = (await t.agent().get('/api/events').query({ to: firstOfNext })).body as ScheduledEvent[];
    expect(fromDay.some((e) => e.id === stop)).toBe(true);
    expect(toDay.some((e) => e.id === stop)).toBe(false);
    await t.dataSource.query('DELETE FROM scheduled_locations WHERE id = $1', [stop]);
  });

  it("follows the zone the owner saves in Settings: days, from/to dates and the answer's timeZone", async () => {
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    expect((await admin.post('/api/settings').send({ key: 'SHOP_TIME_ZONE', value: 'Pacific/Auckland' })).status).toBe(200);
    try {
      // Noon in Auckland is 23:00 UTC the day before: only a bare date read as Auckland's midnight keeps the stop in its day.
      const day = '2031-03-03';
      const stop = (
        await t.dataSource.query(`INSERT INTO scheduled_locations (title, date) VALUES ('Auckland noon', $1) RETURNING id`, [noonOf(day, 'Pacific/Auckland')])
      )[0].id as number;
      const onDay = (await t.agent().get('/api/events').query({ from: day, to: '2031-03-04' })).body as ScheduledEvent[];
      expect(onDay.map((e) => [e.id, e.timeZone, dayIn(new Date(e.date), e.timeZone)])).toEqual([[stop, 'Pacific/Auckland', day]]);
      expect((await t.agent().get('/api/events').query({ from: '2031-03-02', to: day })).body).toEqual([]);
      expect((await admin.post('/api/settings').send({ key: 'SHOP_TIME_ZONE', value: 'Mars/Olympus' })).status).toBe(400);
    } finally {
      expect((await admin.post('/api/settings').send({ key: 'SHOP_TIME_ZONE', value: '' })).status).toBe(200);
    }
    expect(((await t.agent().get('/api/events')).body as ScheduledEvent[])[0].timeZone).toBe(zone);
  });

  it('answers 400 with a message for a bad range', async () => {
    for (const query of [
      'from=abc',
      'from=2026-13-01',
      'from=2026-02-30',
      'to=yesterday',
      'from=1700000000',
      'from=2026-11-01T10:00:00',
      `from=${nextMonth.toISOString()}&to=${thisMonth.toISOString()}`,
      'from=2026-11-01&from=2026-12-01',
      'from=',
      'limit=0',
      'limit=501',
      'limit=x',
      'cursor=12',
      'cursor=a_b',
      'limit=5&limit=6',
    ]) {
      const res = await t.agent().get(`/api/events?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.body.message).toEqual(expect.any(String));
    }
    const reversed = await t.agent().get('/api/events').query({ from: '2026-12-01', to: '2026-11-01' });
    expect(reversed.body.message).toBe('to must be after from');
  });

  it('is revalidated with an ETag and answers 304 when unchanged', async () => {
    const first = await t.agent().get('/api/events');
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.agent().get('/api/events').set('If-None-Match', first.headers['etag']);
    expect(again.status).toBe(304);
  });
});
