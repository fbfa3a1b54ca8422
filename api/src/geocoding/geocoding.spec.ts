import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, TEST_ADMIN, type TestAgent, useTestApp } from '../test/test-app';
import { SettingsService } from '../settings/settings.service';
import { GEOCODER_BUSY, GeocodingService, GOOGLE_KEY_SETTING } from './geocoding.service';

interface Seen {
  at: number;
  url: URL;
  headers: IncomingHttpHeaders;
}

/** A Nominatim-compatible double: /search?q=... answers one place, 'nowhere' none, 'broken' a 500. */
async function startGeocoderDouble(): Promise<{ url: string; seen: Seen[]; close(): Promise<void> }> {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://double');
    seen.push({ at: Date.now(), url, headers: req.headers });
    const q = url.searchParams.get('q') ?? '';
    if (url.pathname === '/maps/api/geocode/json') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      if (url.searchParams.get('key') !== 'AIzaTestKey_123') return void res.end(JSON.stringify({ status: 'REQUEST_DENIED', results: [] }));
      if (/nowhere/i.test(url.searchParams.get('address') ?? '')) return void res.end(JSON.stringify({ status: 'ZERO_RESULTS', results: [] }));
      return void res.end(
        JSON.stringify({ status: 'OK', results: [{ formatted_address: 'Google place', geometry: { location: { lat: 10.5, lng: 20.25 } } }] }),
      );
    }
    if (url.pathname !== '/search') return void res.writeHead(404).end();
    if (/broken/i.test(q)) return void res.writeHead(500).end('boom');
    if (/garbage/i.test(q)) return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('not json');
    res.writeHead(200, { 'Content-Type': 'application/json' });
    if (/nowhere/i.test(q)) return void res.end('[]');
    const n = q.length;
    res.end(JSON.stringify([{ lat: String(40 + n / 1000), lon: String(-74 - n / 1000), display_name: `Somewhere for ${q}` }]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('geocoding (/api/geocode)', () => {
  let geocoder: Awaited<ReturnType<typeof startGeocoderDouble>>;
  beforeAll(async () => {
    geocoder = await startGeocoderDouble();
  });
  const t = useTestApp(() => ({ GEOCODER_URL: geocoder.url }));
  afterAll(() => geocoder.close());
  let admin: TestAgent;

  beforeAll(async () => {
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    await t.agent().post('/api/register').send({ username: 'shopper', email: 'shopper@example.com', password: 'shopper-pass' });
  });

  it('is admin-only: 401 anonymous, 403 for a customer', async () => {
    expect((await t.agent().get('/api/geocode?address=1 Main St')).status).toBe(401);
    expect((await t.agent().get('/api/geocode/test?address=1 Main St')).status).toBe(401);
    expect((await t.agent().post('/api/geocode/init').send({ apiKey: 'k' })).status).toBe(401);
    const customer = await t.signedIn('shopper', 'shopper-pass');
    expect((await customer.get('/api/geocode?address=1 Main St')).status).toBe(403);
    expect((await customer.post('/api/geocode/init').send({ apiKey: 'k' })).status).toBe(403);
    expect(geocoder.seen).toHaveLength(0);
  });

  it('answers lat/lng from the Nominatim-compatible service with a proper User-Agent, then from the cache', async () => {
    const address = '201 E Randolph St, Chicago, IL 60602';
    const res = await admin.get('/api/geocode').query({ address });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ lat: 40 + address.length / 1000, lng: -74 - address.length / 1000 });
    const call = geocoder.seen.at(-1) as Seen;
    expect(call.url.searchParams.get('q')).toBe(address);
    expect(call.url.searchParams.get('format')).toBe('jsonv2');
    expect(call.headers['user-agent']).toMatch(/^CocoaShop\/\S+ \(\+http:\/\/localhost:3000\)$/);

    const before = geocoder.seen.length;
    const again = await admin.get('/api/geocode/test').query({ address: `  ${address.toUpperCase()} ` });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ coordinates: res.body, address: `Somewhere for ${address}`, provider: 'nominatim', cached: true });
    expect(geocoder.seen.length).toBe(before);
    const rows = await t.dataSource.query('SELECT query, provider FROM geocode_cache');
    expect(rows).toEqual([{ query: address.toLowerCase(), provider: 'nominatim' }]);
  });

  it('sends at most one request a second to the geocoder', async () => {
    const from = geocoder.seen.length;
    const results = await Promise.all(['1 First St', '2 Second St', '3 Third St'].map((address) => admin.get('/api/geocode').query({ address })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const times = geocoder.seen.slice(from).map((s) => s.at);
    expect(times).toHaveLength(3);
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(990);
  });

  it("answers 503 'busy' to the lookups that get no turn within a few seconds, and never calls faster", async () => {
    const from = geocoder.seen.length;
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => admin.get('/api/geocode').query({ address: `${i + 10} Busy Street` })));
    const statuses = results.map((r) => r.status);
    const served = statuses.filter((s) => s === 200).length;
    // One turn per 1.15 s and at most 5 s of waiting: about five answered, the rest told to come back.
    expect(served).toBeGreaterThanOrEqual(3);
    expect(served).toBeLessThanOrEqual(6);
    expect(statuses.filter((s) => s === 503)).toHaveLength(8 - served);
    for (const busy of results.filter((r) => r.status === 503)) {
      expect(busy.body).toEqual({ message: GEOCODER_BUSY, code: 'GEOCODER_BUSY' });
    }
    const times = geocoder.seen.slice(from).map((s) => s.at);
    expect(times).toHaveLength(served);
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(990);
    // Nothing was cached for the refused ones: asked again later, they are answered.
    const refused = results.findIndex((r) => r.status === 503);
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await admin.get('/api/geocode').query({ address: `${refused + 10} Busy Street` })).status).toBe(200);
  });

  it("answers 502 'Failed to geocode address' when the geocoder fails, 404 when nothing matches, and caches neither", async () => {
    for (const address of ['broken street', 'garbage road']) {
      const res = await admin.get('/api/geocode').query({ address });
      expect({ address, status: res.status, message: res.body.message }).toEqual({ address, status: 502, message: 'Failed to geocode address' });
    }
    const none = await admin.get('/api/geocode').query({ address: 'nowhere at all' });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('Failed to geocode address');
    const cached = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM geocode_cache WHERE query LIKE '%broken%' OR query LIKE '%nowhere%' OR query LIKE '%garbage%'`,
    );
    expect(cached[0].n).toBe(0);
  });

  it('answers 502 when the geocoder is unreachable', async () => {
    const down = await startTestApp({ GEOCODER_URL: 'http://127.0.0.1:9' });
    try {
      const a = await down.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
      const res = await a.get('/api/geocode').query({ address: '1 Main St' });
      expect(res.status).toBe(502);
      expect(res.body.message).toBe('Failed to geocode address');
    } finally {
      await down.close();
    }
  });

  it("'Geocoding: Unavailable' after a failure turns available once a key is saved (the admin's way out)", async () => {
    const down = await startTestApp({ GEOCODER_URL: 'http://127.0.0.1:9' });
    try {
      const a = await down.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
      expect((await a.get('/api/geocode').query({ address: '1 Main St' })).status).toBe(502);
      expect((await a.get('/api/events/calendar/status')).body.geocoding).toBe('unavailable');
      expect((await a.post('/api/geocode/init').send({ apiKey: 'AIzaTestKey_123' })).body).toEqual({ provider: 'google' });
      expect((await a.get('/api/events/calendar/status')).body.geocoding).toBe('available');
    } finally {
      await down.close();
    }
  });

  it('answers 400 for a missing, short or repeated address and calls nobody', async () => {
    const before = geocoder.seen.length;
    for (const q of ['', '?address=', '?address=ab', '?address=a%20b&address=cde', `?address=${'x'.repeat(501)}`, '?address=1 Main St&extra=1']) {
      const res = await admin.get(`/api/geocode${q}`);
      expect({ q, status: res.status }).toEqual({ q, status: 400 });
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(geocoder.seen.length).toBe(before);
  });

  it('stores a Google key with init, encrypted; then new addresses go to Google; an empty key goes back to Nominatim', async () => {
    const bad = await admin.post('/api/geocode/init').send({ apiKey: 'has spaces; drop table' });
    expect(bad.status).toBe(400);
    expect((await admin.post('/api/geocode/init').send({})).status).toBe(400);
    const ok = await admin.post('/api/geocode/init').send({ apiKey: 'AIzaTestKey_123' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ provider: 'google' });
    const [row] = await t.dataSource.query('SELECT value FROM settings WHERE key = $1', [GOOGLE_KEY_SETTING]);
    expect(row.value).not.toContain('AIzaTestKey_123'); // encrypted at rest
    const settings = t.app.get(SettingsService);
    expect(await settings.openSecret(row.value, GOOGLE_KEY_SETTING)).toBe('AIzaTestKey_123');
    // cached answers do not need any provider
    expect((await admin.get('/api/geocode').query({ address: '1 First St' })).status).toBe(200);
    // new addresses go to Google with the key
    t.app.get(GeocodingService).googleUrl = `${geocoder.url}/maps/api/geocode/json`;
    const nominatimCalls = geocoder.seen.filter((s) => s.url.pathname === '/search').length;
    const google = await admin.get('/api/geocode/test').query({ address: '9 Google Way' });
    expect(google.body).toEqual({ coordinates: { lat: 10.5, lng: 20.25 }, address: 'Google place', provider: 'google', cached: false });
    expect((geocoder.seen.at(-1) as Seen).url.searchParams.get('address')).toBe('9 Google Way');
    expect(geocoder.seen.filter((s) => s.url.pathname === '/search').length).toBe(nominatimCalls);
    expect((await admin.get('/api/geocode').query({ address: 'nowhere google' })).status).toBe(404);
    await admin.post('/api/geocode/init').send({ apiKey: 'WrongKey' });
    const denied = await admin.get('/api/geocode').query({ address: '10 Google Way' });
    expect(denied.status).toBe(502);
    expect(denied.body.message).toBe('Failed to geocode address');
    const off = await admin.post('/api/geocode/init').send({ apiKey: '' });
    expect(off.body).toEqual({ provider: 'nominatim' });
    expect(await t.dataSource.query('SELECT value FROM settings WHERE key = $1', [GOOGLE_KEY_SETTING])).toEqual([]);
  });
});
