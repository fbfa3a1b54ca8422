import { createServer, get, type IncomingHttpHeaders, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { Product } from '@cocoa/shared-types';
import { DataSource } from 'typeorm';
import { TEST_ADMIN, type TestApp, useTestApp } from '../test/test-app';
import { PUBLIC_ANSWER, PublicAnswerCache } from './public-answer-cache';

describe('public answers replayed by the answer cache (whole app)', () => {
  const t = useTestApp();

  const productNames = async () => ((await t.agent().get('/api/square/catalog/products')).body as Product[]).map((p) => p.name);

  it('replays a public answer with the same body and headers (security headers, ETag) and 304 for a matching ETag', async () => {
    const first = await t.agent().get('/api/square/catalog/products').set('Accept-Encoding', 'identity');
    const again = await t.agent().get('/api/square/catalog/products').set('Accept-Encoding', 'identity');
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    for (const header of [
      'content-type',
      'content-length',
      'etag',
      'cache-control',
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'cross-origin-resource-policy',
    ]) {
      expect(again.headers[header]).toBe(first.headers[header]);
      expect(again.headers[header]).toBeTruthy();
    }
    expect(again.headers['set-cookie']).toBeUndefined();

    const revalidated = await t.agent().get('/api/square/catalog/products').set('If-None-Match', first.headers.etag);
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    expect(revalidated.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(revalidated.text).toBe('');
  });

  it('sends the kept answer gzipped to callers that accept it, with Vary, and plain to the others', async () => {
    const plain = await t.agent().get('/api/square/catalog/products').set('Accept-Encoding', 'identity');
    const zipped = await rawGet(t, '/api/square/catalog/products', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    const body = zipped.body;
    expect(Number(zipped.headers['content-length'])).toBe(body.length);
    expect(body.length).toBeLessThan(Buffer.byteLength(plain.text) / 2);
    expect(gunzipSync(body).toString('utf8')).toBe(plain.text);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const refused = await t.agent().get('/api/square/catalog/products').set('Accept-Encoding', 'gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.text).toBe(plain.text);
  });

  it('shows an admin change at once, for the product list, its slug and the featured lists', async () => {
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const before = (await t.agent().get('/api/square/catalog/products')).body as Product[];
    const target = before.find((p) => !p.featured)!;
    await t.agent().get(`/api/square/catalog/products/slug/${target.slug}`);

    const patched = await admin.patch(`/api/products/${target.id}`).send({ name: 'Renamed By The Owner', featured: true });
    expect(patched.status).toBe(200);

    expect(await productNames()).toContain('Renamed By The Owner');
    const bySlug = await t.agent().get(`/api/square/catalog/products/slug/${target.slug}`);
    expect(bySlug.body.name).toBe('Renamed By The Owner');
    expect(bySlug.body.featured).toBe(true);
  });

  it('shows a new scheduled location at once in the public schedule', async () => {
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const today = new Date();
    today.setUTCHours(12, 0, 0, 0);
    const listed = async () => (await t.agent().get('/api/events')).body as Array<{ title: string }>;
    await listed();
    const created = await admin.post('/api/events').send({
      title: 'Answer Cache Market',
      location: 'Town Square',
      address: '1 Main St, Springfield, IL',
      date: today.toISOString(),
      startTime: '10:00',
      endTime: '12:00',
      latitude: 39.8,
      longitude: -89.6,
    });
    expect(created.status).toBe(201);
    expect((await listed()).map((e) => e.title)).toContain('Answer Cache Market');
  });

  it('keeps serving after refused writes, and a refused write leaves the public answer as it was', async () => {
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const before = await t.agent().get('/api/square/catalog/products');
    const refused = await admin.patch('/api/products/1').send({ price: 'free' });
    expect(refused.status).toBe(400);
    const after = await t.agent().get('/api/square/catalog/products');
    expect(after.text).toBe(before.text);
  });

  it('serves the last good public answers, marked stale, while the database is away (not 503)', async () => {
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const before = await t.agent().get('/api/square/catalog/products').set('Accept-Encoding', 'identity');
    expect(before.status).toBe(200);

    // PostgreSQL goes away: every query of the app is refused as pg refuses a dead server.
    const dataSource = t.app.get(DataSource);
    const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const spies = [
      jest.spyOn(dataSource, 'query').mockRejectedValue(refused()),
      jest.spyOn(dataSource, 'createQueryRunner').mockImplementation(() => {
        throw refused();
      }),
    ];
    try {
      // The owner's save fails; a failed write may have changed something, so the current answers are dropped.
      expect((await admin.patch('/api/products/1').send({ name: 'Saved During The Outage' })).status).toBe(503);
      const stale = await t.agent().get('/api/square/catalog/products').set('Accept-Encoding', 'identity');
      expect(stale.status).toBe(200);
      expect(stale.text).toBe(before.text);
      expect(stale.headers.warning).toBe('110 - "Response is Stale"');
      expect(stale.headers['x-cache']).toBe('STALE');
      expect(Number(stale.headers.age)).toBeGreaterThanOrEqual(0);
      expect(stale.headers['content-security-policy']).toBe(before.headers['content-security-policy']);
      // What was never answered has no last good copy: it says why.
      const unseen = await t.agent().get('/api/square/catalog/products/slug/never-requested');
      expect({ status: unseen.status, code: unseen.body.code }).toEqual({ status: 503, code: 'DATABASE_UNAVAILABLE' });
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
    const fresh = await t.agent().get('/api/square/catalog/products');
    expect(fresh.status).toBe(200);
    expect(fresh.headers['x-cache']).toBeUndefined();
    expect(fresh.headers.warning).toBeUndefined();
  });

  it('never keeps answers that differ per caller: a signed-in user’s own data is answered fresh', async () => {
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    expect((await admin.get('/api/user')).body.username).toBe(TEST_ADMIN.username);
    expect((await t.agent().get('/api/user')).status).toBe(401);
  });
});

/** The bytes as sent (supertest would inflate them). */
async function rawGet(t: TestApp, path: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  const server = t.app.getHttpServer() as Server;
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    get({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path, headers }, resolve).on('error', reject);
  });
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return { headers: res.headers, body: Buffer.concat(chunks) };
}

describe('PublicAnswerCache (one process, a stand-in app)', () => {
  let server: Server;
  let base: string;
  let clock = 0;
  let computed = 0;
  /** While true, the stand-in app answers GETs as the API does with the database away. */
  let databaseAway = false;
  const cache = new PublicAnswerCache({ ttlMs: 1000, maxEntries: 3, maxBytes: 1024 * 1024 }, () => clock);
  /** Counts how often the app really computed an answer; marks /api/public/* as shareable. */
  const app: RequestListener = (req, res) => {
    computed++;
    const shareable = req.url?.startsWith('/api/public/');
    Object.assign(res, { locals: { [PUBLIC_ANSWER]: shareable } });
    if (databaseAway && req.method === 'GET') {
      res.statusCode = 503;
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.setHeader('x-request-id', 'from-the-failed-answer');
      res.end(JSON.stringify({ message: 'The shop is temporarily unavailable. Please try again shortly.', code: 'DATABASE_UNAVAILABLE' }));
      return;
    }
    if (req.method !== 'GET') {
      res.writeHead(req.url?.includes('bad') ? 400 : 200).end();
      return;
    }
    // As Express sends: headers set one by one, then the body.
    res.setHeader('content-type', 'text/plain');
    res.setHeader('etag', `W/"${computed}"`);
    res.end(`answer ${computed}`);
  };

  beforeAll(async () => {
    server = createServer(cache.front(app));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    cache.clear();
    computed = 0;
    clock = 0;
    databaseAway = false;
  });

  const get = async (path: string) => (await fetch(base + path)).text();

  it('computes a shareable answer once and replays it, but never a private one', async () => {
    expect(await get('/api/public/a')).toBe('answer 1');
    expect(await get('/api/public/a')).toBe('answer 1');
    expect(await get('/api/private')).toBe('answer 2');
    expect(await get('/api/private')).toBe('answer 3');
    expect(computed).toBe(3);
  });

  it('computes again once the answer is older than its time to live', async () => {
    await get('/api/public/a');
    clock = 1000;
    expect(await get('/api/public/a')).toBe('answer 1');
    clock = 1001;
    expect(await get('/api/public/a')).toBe('answer 2');
  });

  it('clears after a successful or failing write, not after a refused one or a customer form', async () => {
    await get('/api/public/a');
    await fetch(`${base}/api/admin/bad`, { method: 'POST' });
    expect(await get('/api/public/a')).toBe('answer 1');
    await fetch(`${base}/api/contact`, { method: 'POST' });
    expect(await get('/api/public/a')).toBe('answer 1');
    await fetch(`${base}/api/admin/thing`, { method: 'DELETE' });
    expect(await get('/api/public/a')).toMatch(/^answer [4-9]$/);
  });

  it('tells its listeners (the other replicas) when it clears after a write, not after a notice from them', async () => {
    const told: number[] = [];
    cache.onInvalidate(() => told.push(clock));
    await fetch(`${base}/api/admin/thing`, { method: 'PUT' });
    cache.clear();
    expect(told).toEqual([0]);
  });

  it('remembers a derived value until a write, its time to live, or a failure', async () => {
    let made = 0;
    const make = async () => ++made;
    expect(await cache.remember('first-screen', make)).toBe(1);
    expect(await cache.remember('first-screen', make)).toBe(1);
    await fetch(`${base}/api/admin/thing`, { method: 'PATCH' });
    expect(await cache.remember('first-screen', make)).toBe(2);
    clock = 1001;
    expect(await cache.remember('first-screen', make)).toBe(3);
    await expect(cache.remember('broken', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.remember('broken', make)).toBe(4);
  });

  it('does not keep a value whose making spanned a change', async () => {
    let release: (n: number) => void = () => undefined;
    const slow = cache.remember('first-screen', () => new Promise<number>((resolve) => (release = resolve)));
    cache.invalidate();
    release(1);
    expect(await slow).toBe(1);
    expect(await cache.remember('first-screen', async () => 2)).toBe(2);
  });

  it('serves the last good copy, marked stale, while the database is away, after its time to live and after a change', async () => {
    expect(await get('/api/public/menu')).toBe('answer 1');
    databaseAway = true;
    clock = 27_000; // long past the time to live: before, the copy was dropped and callers got 503
    const stale = await fetch(`${base}/api/public/menu`);
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe('answer 1');
    expect(stale.headers.get('warning')).toBe('110 - "Response is Stale"');
    expect(stale.headers.get('x-cache')).toBe('STALE');
    expect(stale.headers.get('age')).toBe('27');
    expect(stale.headers.get('etag')).toBe('W/"1"');
    expect(stale.headers.get('x-request-id')).toBeNull(); // nothing of the failed answer leaks into the copy
    // A browser revalidating its copy hears that it is still the last good one.
    const revalidated = await fetch(`${base}/api/public/menu`, { headers: { 'If-None-Match': 'W/"1"' } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('x-cache')).toBe('STALE');
    // A write that failed (5xx) clears the current answers; the last good copy still serves.
    await fetch(`${base}/api/admin/thing`, { method: 'PUT' });
    expect(await get('/api/public/menu')).toBe('answer 1');
    // Never for a private answer, nor for one nobody has seen: those say 503.
    expect((await fetch(`${base}/api/private`)).status).toBe(503);
    expect((await fetch(`${base}/api/public/never-seen`)).status).toBe(503);

    databaseAway = false;
    const fresh = await fetch(`${base}/api/public/menu`);
    expect(await fresh.text()).toMatch(/^answer \d+$/);
    expect(fresh.headers.get('x-cache')).toBeNull();
    expect(fresh.headers.get('warning')).toBeNull();
  });

  it('never serves a last good copy while the app answers: only in place of a 503', async () => {
    await get('/api/public/menu');
    clock = 5000;
    const answer = await fetch(`${base}/api/public/menu`);
    expect(await answer.text()).toBe('answer 2');
    expect(answer.headers.get('x-cache')).toBeNull();
  });

  it('remembers the last good derived value and hands it out when making it again fails', async () => {
    expect(await cache.remember('first-screen', async () => 'catalogue 1')).toBe('catalogue 1');
    clock = 30_000;
    expect(await cache.remember('first-screen', () => Promise.reject(new Error('database down')))).toBe('catalogue 1');
    cache.invalidate();
    expect(await cache.remember('first-screen', () => Promise.reject(new Error('database down')))).toBe('catalogue 1');
    expect(await cache.remember('first-screen', async () => 'catalogue 2')).toBe('catalogue 2');
  });

  it('holds at most maxEntries answers, dropping the oldest', async () => {
    for (const key of ['a', 'b', 'c', 'd']) await get(`/api/public/${key}`);
    expect(cache.size).toBe(3);
    expect(await get('/api/public/d')).toBe('answer 4');
    expect(await get('/api/public/a')).toBe('answer 5');
  });
});
