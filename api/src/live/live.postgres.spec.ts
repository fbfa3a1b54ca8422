import { liveStateSchema } from '@cocoa/shared-types';
import { startTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import { LIVE_LISTENER_NAME } from './live-stream.service';
import { insertStop, listening, livePushJobs, openStream } from './live.fixtures';

/** Two replicas on one PostgreSQL database (PGlite is one process, so this runs on PostgreSQL only). */
describe('live changes reach streams held on another replica', () => {
  let first: TestApp;
  let second: TestApp;
  let stopId: number;
  beforeAll(async () => {
    first = await startTestApp();
    second = await startTestApp({ DATABASE_URL: first.config.DATABASE_URL as string });
    stopId = await insertStop(first.dataSource, { title: 'Lunch on the lawn', location: 'Millennium Park', latitude: 41.8826, longitude: -87.6226 });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('a check-in made on replica A reaches a stream held on replica B within 2 s; a refused change sends nothing', async () => {
    const stream = await openStream(await listening(second));
    try {
      const initial = liveStateSchema.parse(JSON.parse((await stream.next()).data!));
      expect(initial.live).toBe(false);
      const admin = await first.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);

      const started = Date.now();
      const checkIn = await admin.post('/api/admin/live/check-in').send({ stopId });
      expect(checkIn.status).toBe(200);
      const heard = await stream.next(2_000);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(JSON.parse(heard.data!)).toEqual(checkIn.body);
      const [job] = await livePushJobs(first.dataSource);
      expect(heard.id).toBe(String(job.eventId));

      expect((await admin.post('/api/admin/live/check-in').send({ stopId: 999999 })).status).toBe(404);
      await expect(stream.next(700)).rejects.toThrow('no event within 700 ms');

      const soldOut = await admin.post('/api/admin/live/status').send({ status: 'sold-out', product: 'Iced Mocha' });
      expect(JSON.parse((await stream.next(2_000)).data!)).toEqual(soldOut.body);
      // The second replica's own answer agrees.
      expect((await second.agent().get('/api/live')).body).toEqual(soldOut.body);
    } finally {
      stream.close();
    }
  });

  it('a replica whose listening connection was cut listens again and sends what it missed', async () => {
    const stream = await openStream(await listening(second));
    try {
      await stream.next();
      const admin = await first.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
      const [{ cut }] = await first.dataSource.query(
        `SELECT count(pg_terminate_backend(pid))::int AS cut FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`,
        [LIVE_LISTENER_NAME],
      );
      expect(cut).toBe(2);
      // Made while nobody listens: sent once the listener is back (within its 1 s retry).
      const out = await admin.post('/api/admin/live/check-out');
      expect(out.status).toBe(200);
      expect(JSON.parse((await stream.next(4_000)).data!)).toEqual(out.body);
      const back = await admin.post('/api/admin/live/check-in').send({ place: { label: 'Willis Tower plaza', latitude: 41.8789, longitude: -87.6359 } });
      expect(JSON.parse((await stream.next(2_000)).data!)).toEqual(back.body);
    } finally {
      stream.close();
    }
  });
});
