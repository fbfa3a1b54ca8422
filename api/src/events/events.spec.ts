import { HH_MM_PATTERN, type ScheduledEvent, scheduledEventSchema } from '@cocoa/shared-types';
import { EVENT_SEEDS } from '../database/seed/seed.data';
import { startTestApp, type TestApp } from '../test/test-app';

const monthKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}`;

describe('GET /api/events', () => {
  let t: TestApp;
  const now = new Date();
  const thisMonth = new Date(now.getFullYear(), now.getMonth(), 1);
  const nextMonth = new Date(now.getFullYear(), now.getMonth() + 1, 1);
  const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 15, 12);

  beforeAll(async () => {
    t = await startTestApp();
    // an event before this month, which the default range leaves out
    await t.dataSource.query(`INSERT INTO scheduled_locations (title, date, start_time, end_time) VALUES ('Last month', $1, '10:00', '12:00')`, [lastMonth]);
  });
  afterAll(() => t.close());

  it('answers the seeded events of this month and next, by date, in the event shape', async () => {
    const res = await t.agent().get('/api/events');
    expect(res.status).toBe(200);
    const events = res.body as ScheduledEvent[];
    expect(events).toHaveLength(EVENT_SEEDS.length);
    for (const e of events) {
      expect(scheduledEventSchema.strict().parse(e)).toEqual(e);
      expect(new Date(e.date).toISOString()).toBe(e.date);
      expect(new Date(e.date).getHours()).toBe(12); // noon local
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
    expect(events.some((e) => new Date(e.date).toDateString() === now.toDateString())).toBe(true);
    expect(events.some((e) => e.title === 'Last month')).toBe(false);
  });

  it('filters with from (inclusive) and to (exclusive), as dates or date-times', async () => {
    const next = await t.agent().get('/api/events').query({ from: nextMonth.toISOString() });
    expect(next.status).toBe(200);
    expect((next.body as ScheduledEvent[]).length).toBe(EVENT_SEEDS.filter((e) => e.monthOffset === 1).length);
    expect((next.body as ScheduledEvent[]).every((e) => Date.parse(e.date) >= nextMonth.getTime())).toBe(true);

    const current = await t.agent().get('/api/events').query({ to: nextMonth.toISOString() });
    expect((current.body as ScheduledEvent[]).length).toBe(EVENT_SEEDS.filter((e) => e.monthOffset === 0).length);

    const withPast = await t.agent().get('/api/events').query({ from: new Date(lastMonth.getFullYear(), lastMonth.getMonth(), 1).toISOString() });
    expect((withPast.body as ScheduledEvent[])[0].title).toBe('Last month');
    expect(withPast.body).toHaveLength(EVENT_SEEDS.length + 1);

    const dateOnly = await t.agent().get('/api/events').query({ from: '2000-01-01', to: '2000-02-01' });
    expect(dateOnly.status).toBe(200);
    expect(dateOnly.body).toEqual([]);
    const offset = await t.agent().get('/api/events').query({ from: '2000-01-01T00:00:00+02:00' });
    expect(offset.status).toBe(200);
  });

  it('answers 400 with a message for a bad range', async () => {
    for (const query of ['from=abc', 'from=2026-13-01', 'from=2026-02-30', 'to=yesterday', 'from=1700000000', 'from=2026-11-01T10:00:00', `from=${nextMonth.toISOString()}&to=${thisMonth.toISOString()}`, 'from=2026-11-01&from=2026-12-01', 'from=', 'limit=0', 'limit=501', 'limit=x', 'cursor=12', 'cursor=a_b', 'limit=5&limit=6']) {
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
