import { DataSource } from 'typeorm';
import { useTestApp } from '../test/test-app';
import { OUTAGE_PROBE_INTERVAL_MS } from './database-outage';

/** What the driver throws when PostgreSQL is gone (pg's refused connection). */
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/**
 * A load balancer probes /api/ready every few seconds. While the database is away each probe
 * answers 503, but the log gets one line when the outage starts and one when it ends, not a
 * stack trace per probe.
 */
describe('/api/ready during a database outage: the outage is logged once, and its end once', () => {
  const t = useTestApp({ LOG_LEVEL: 'warn' });
  let lines: Array<Record<string, unknown>>;

  beforeEach(() => {
    lines = [];
    const original = process.stdout.write.bind(process.stdout);
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = String(chunk);
      if (text.startsWith('{')) for (const line of text.split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      else return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
      return true;
    });
  });
  afterEach(() => jest.restoreAllMocks());

  /** The database goes away: every query of the app's DataSource is refused. Returns "it is back". */
  const databaseAway = () => {
    const dataSource = t.app.get(DataSource);
    const spies = [
      jest.spyOn(dataSource, 'query').mockRejectedValue(refused()),
      jest.spyOn(dataSource, 'createQueryRunner').mockImplementation(() => {
        throw refused();
      }),
    ];
    return () => spies.forEach((spy) => spy.mockRestore());
  };
  const messages = () => lines.map((l) => l.msg);

  it('answers each probe 503 DATABASE_UNAVAILABLE, logs one short line at the start and one at the end', async () => {
    const back = databaseAway();
    for (let i = 0; i < 5; i++) {
      const res = await t.agent().get('/api/ready');
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 503, code: 'DATABASE_UNAVAILABLE' });
    }
    // A request of the shop meeting the same outage adds nothing either.
    expect((await t.agent().get('/api/square/catalog/products/slug/never-asked-before')).status).toBe(503);

    // Only the shop request adds its one short access line; the probes add none at this level.
    expect(lines.filter((l) => l.msg === 'request').map((l) => (l.req as { url: string }).url)).toEqual([
      '/api/square/catalog/products/slug/never-asked-before',
    ]);
    const outageLines = lines.filter((l) => l.msg !== 'request');
    expect(outageLines).toEqual([expect.objectContaining({ level: 'error', msg: 'database unreachable', error: 'connect ECONNREFUSED 127.0.0.1:5432' })]);
    expect(messages()).not.toContain('request failed');
    // No stack traces: every line is short.
    for (const line of lines) expect(JSON.stringify(line)).not.toMatch(/\n\s+at /);
    for (const line of lines) expect(JSON.stringify(line).length).toBeLessThan(300);

    back();
    expect((await t.agent().get('/api/ready')).status).toBe(200);
    expect((await t.agent().get('/api/ready')).status).toBe(200);
    const ends = lines.filter((l) => l.msg === 'database reachable again');
    expect(ends).toEqual([expect.objectContaining({ level: 'warn', downForMs: expect.any(Number) })]);
    expect(messages().filter((m) => m === 'database unreachable')).toHaveLength(1);
  });

  it('notices the end by itself, with nobody probing /api/ready', async () => {
    const back = databaseAway();
    expect((await t.agent().get('/api/square/catalog/products/slug/another-never-asked')).status).toBe(503);
    expect(messages()).toContain('database unreachable');
    back();
    const deadline = Date.now() + OUTAGE_PROBE_INTERVAL_MS * 5;
    while (!messages().includes('database reachable again') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(messages().filter((m) => m === 'database reachable again')).toHaveLength(1);
  });
});
