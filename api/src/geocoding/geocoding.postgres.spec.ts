import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';

/**
 * Nominatim allows one request a second from the whole shop, however many replicas answer: two
 * replicas on one PostgreSQL database share the gate (PGlite is one process, so PostgreSQL only).
 */
describe('geocoding from two replicas', () => {
  let geocoder: Server;
  const seen: number[] = [];
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    geocoder = createServer((req, res) => {
      seen.push(Date.now());
      const q = new URL(req.url ?? '/', 'http://x').searchParams.get('q') ?? '';
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify([{ lat: '41.88', lon: '-87.62', display_name: q }]));
    });
    await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
    const env = { GEOCODER_URL: `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}` };
    first = await startTestApp(env);
    second = await startTestApp({ ...env, DATABASE_URL: first.config.DATABASE_URL as string });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await new Promise<void>((resolve) => geocoder.close(() => resolve()));
  });

  it('sends at most one request a second to Nominatim between them', async () => {
    const admins = [await first.signedIn(TEST_ADMIN.username, TEST_ADMIN.password), await second.signedIn(TEST_ADMIN.username, TEST_ADMIN.password)];
    const results = await Promise.all(Array.from({ length: 4 }, (_, i) => admins[i % 2].get('/api/geocode').query({ address: `${i + 1} Replica Avenue` })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(seen).toHaveLength(4);
    const times = [...seen].sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(990);
  });
});
