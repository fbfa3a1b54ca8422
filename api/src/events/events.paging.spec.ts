import { NEXT_CURSOR_HEADER, type ScheduledEvent } from '@cocoa/shared-types';
import { TEST_ADMIN, useTestApp } from '../test/test-app';
import { DEFAULT_SHOP_TIME_ZONE, startOfMonthIn } from '@cocoa/shared-types';

/** 25 locations in 2001, two to a day (ties broken by id), far from the seeded current months. */
const COUNT = 25;
const RANGE = { from: '2001-01-01', to: '2002-01-01' };

describe('GET /api/events pages either way (order, cursor)', () => {
  const t = useTestApp();
  const nextCursor = (res: { headers: Record<string, string> }): string | undefined => res.headers[NEXT_CURSOR_HEADER.toLowerCase()];
  const ids = (res: { body: unknown }) => (res.body as ScheduledEvent[]).map((e) => e.id);
  const expected = async (order: 'ASC' | 'DESC'): Promise<number[]> =>
    (
      await t.dataSource.query<Array<{ id: number }>>(`SELECT id FROM scheduled_locations WHERE date >= $1 AND date < $2 ORDER BY date ${order}, id ${order}`, [
        RANGE.from,
        RANGE.to,
      ])
    ).map((r) => r.id);
  const count = async (): Promise<number> => Number((await t.dataSource.query('SELECT count(*) AS n FROM scheduled_locations'))[0].n);

  /** Follows X-Next-Cursor to the end; answers every page's ids. */
  async function allPages(query: Record<string, string | number>): Promise<number[][]> {
    const pages: number[][] = [];
    let cursor: string | undefined;
    do {
      const res = await t
        .agent()
        .get('/api/events')
        .query({ ...query, ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      pages.push(ids(res));
      cursor = nextCursor(res);
    } while (cursor);
    return pages;
  }

  beforeAll(async () => {
    await t.dataSource.query(
      `INSERT INTO scheduled_locations (title, date) SELECT 'Old ' || i, timestamptz '2001-03-01 12:00:00+00' + ((i / 2) || ' days')::interval FROM generate_series(0, $1::int - 1) AS g(i)`,
      [COUNT],
    );
  });

  it('order=desc lists newest first (date, then id), every location once, in pages of limit', async () => {
    const newestFirst = await expected('DESC');
    expect(newestFirst).toHaveLength(COUNT);
    const pages = await allPages({ ...RANGE, order: 'desc', limit: 4 });
    expect(pages.flat()).toEqual(newestFirst);
    expect(pages.map((p) => p.length)).toEqual([4, 4, 4, 4, 4, 4, 1]);
    // a page boundary inside a pair of equal dates loses and repeats nothing
    expect(new Set(pages.flat()).size).toBe(COUNT);
  });

  it('asc stays the default: no order, order=asc and the old paging answer alike', async () => {
    const oldestFirst = await expected('ASC');
    expect((await allPages({ ...RANGE, limit: 4 })).flat()).toEqual(oldestFirst);
    expect((await allPages({ ...RANGE, order: 'asc', limit: 4 })).flat()).toEqual(oldestFirst);
    const plain = await t.agent().get('/api/events');
    const explicit = await t.agent().get('/api/events').query({ order: 'asc' });
    expect(plain.status).toBe(200);
    expect(explicit.body).toEqual(plain.body);
    expect(ids(plain).length).toBeGreaterThan(0);
  });

  it("the admin's past list: from the earliest storable day to this month, newest first", async () => {
    const res = await t
      .agent()
      .get('/api/events')
      .query({ from: '0001-01-01', to: startOfMonthIn(new Date(), DEFAULT_SHOP_TIME_ZONE).toISOString(), order: 'desc', limit: 3 });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual((await expected('DESC')).slice(0, 3));
    expect(nextCursor(res)).toEqual(expect.any(String));
  });

  it('order=desc: deleting the cursor row and rows before it, or adding newer ones, does not change the next page', async () => {
    const newestFirst = await expected('DESC');
    const first = await t
      .agent()
      .get('/api/events')
      .query({ ...RANGE, order: 'desc', limit: 5 });
    expect(ids(first)).toEqual(newestFirst.slice(0, 5));
    const cursor = nextCursor(first);
    expect(cursor).toEqual(expect.any(String));

    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    for (const id of [newestFirst[4], newestFirst[0]]) expect((await admin.delete(`/api/events/${id}`)).status).toBe(204);
    const added = await admin
      .post('/api/events')
      .send({ title: 'Newer', location: 'Park', address: '1 Main St', date: '2001-12-30T12:00:00.000Z', latitude: 40, longitude: -89 });
    expect(added.status).toBe(201);

    const second = await t
      .agent()
      .get('/api/events')
      .query({ ...RANGE, order: 'desc', limit: 5, cursor });
    expect(second.status).toBe(200);
    expect(ids(second)).toEqual(newestFirst.slice(5, 10));
  });

  it('answers 400 with a message for a bad order or cursor, and changes nothing', async () => {
    const before = await count();
    const bad: Array<[string, string | RegExp]> = [
      ['order=sideways', "order must be 'asc' or 'desc'"],
      ['order=DESC', "order must be 'asc' or 'desc'"],
      ['order=', "order must be 'asc' or 'desc'"],
      ['order=asc&order=desc', "order must be 'asc' or 'desc'"],
      ['order=desc&cursor=garbage', 'cursor is invalid'],
      ['order=desc&cursor=12', 'cursor is invalid'],
      ['order=desc&cursor=1_2_3', 'cursor is invalid'],
      ['order=desc&cursor=1_2&cursor=3_4', 'cursor is invalid'],
      // well formed, but an id beyond what the database holds
      ['order=desc&cursor=1_9999999999', /./],
    ];
    for (const [query, message] of bad) {
      const res = await t.agent().get(`/api/events?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.body.message).toMatch(message);
    }
    expect(await count()).toBe(before);
  });
});
