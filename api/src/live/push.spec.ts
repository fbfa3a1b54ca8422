import { createDecipheriv, createPublicKey, hkdfSync, type KeyObject, verify } from 'node:crypto';
import type { LiveState } from '@cocoa/shared-types';
import { OutboundFetchError, safeFetch } from '../common/outbound-fetch';
import { NO_OUTBOUND_EXCEPTIONS, parseOutboundAllowlist } from '../config/outbound-allowlist';
import { loadConfig } from '../config/config.schema';
import { JobsService } from '../jobs/jobs.service';
import { eventually } from '../test/eventually';
import { startTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import { LIVE_PUSH_JOB, type LivePushJob } from './live.constants';
import { PUSH_TTL_S } from './push-delivery.service';
import { type Browser, newTestBrowser, type PushServiceDouble, type ReceivedPush, readPushPayload, startPushServiceDouble } from './push-service.double';

/**
 * RFC 8291 §3.4 + RFC 8188, written out with node:crypto alone (not by the library that
 * encrypted it): the header (salt, record size, the sender's key), the shared secret, the two
 * HKDF steps and one AES-128-GCM record ending in the 0x02 delimiter.
 */
function decryptByHand(body: Buffer, browser: Browser): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  expect(idLength).toBe(65);
  expect(record.length).toBeLessThanOrEqual(recordSize);
  const receiverKey = browser.ecdh.getPublicKey();
  const ikm = Buffer.from(
    hkdfSync('sha256', browser.ecdh.computeSecret(senderKey), browser.auth, Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey]), 32),
  );
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(0x02); // the last (only) record's delimiter
  return padded.subarray(0, end).toString('utf8');
}

/** An uncompressed P-256 point (base64url) as a public key. */
function p256Key(point: string): KeyObject {
  const raw = Buffer.from(point, 'base64url');
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
}

const PARK = { latitude: 41.8826, longitude: -87.6226 };

describe('Web Push of the live tracker', () => {
  let push: PushServiceDouble;
  let t: TestApp;
  let jobs: JobsService;
  let stopId: number;
  let otherStopId: number;
  let eventId = 1000;

  /** Browsers made so far, by name: later tests read what earlier ones subscribed. */
  const made = new Map<string, Browser>();
  const browser = (name: string): Browser => {
    const b = newTestBrowser(name, push.endpoint(name));
    made.set(name, b);
    return b;
  };
  const browserNamed = (name: string): Browser => {
    const b = made.get(name);
    if (!b) throw new Error(`no browser ${name}`);
    return b;
  };
  const read = readPushPayload;
  const subscribe = (b: Browser, topic: object, extra: object = {}) =>
    t
      .agent()
      .post('/api/push/subscriptions')
      .send({ subscription: b.subscription, topic, ...extra });
  const rows = async (): Promise<Array<{ endpoint: string; topic_key: string; kind: string }>> =>
    t.dataSource.query(`SELECT endpoint, topic_key, kind FROM push_subscriptions ORDER BY id`);
  const rowsOf = async (b: Browser) => (await rows()).filter((r) => r.endpoint === b.subscription.endpoint).map((r) => r.topic_key);

  /** The state after a change, as GET /api/live answers it (the live module builds the same). */
  const state = (over: Partial<LiveState> = {}): LiveState => ({
    live: true,
    place: { stopId, label: 'Millennium Park', address: '201 E Randolph St, Chicago, IL', ...PARK },
    status: 'serving',
    minutes: null,
    soldOut: [],
    since: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    timeZone: 'America/Chicago',
    ...over,
  });
  /** Queues the job as the live module does after a change, and answers its id. */
  const change = async (job: Omit<LivePushJob, 'eventId'>): Promise<string> => {
    const id = await jobs.send<LivePushJob>(LIVE_PUSH_JOB, { ...job, eventId: ++eventId });
    if (!id) throw new Error('the job was not queued');
    return id;
  };
  const jobState = async (id: string): Promise<string | undefined> => {
    const [row] = await t.dataSource.query(`SELECT state FROM pgboss.job WHERE id = $1`, [id]);
    return row?.state as string | undefined;
  };
  const completed = (id: string) => eventually(async () => ((await jobState(id)) === 'completed' ? true : undefined), `job ${id} to complete`);
  /** Messages received from index `from` on, by endpoint name. */
  const messagesFrom = (from: number): Map<string, ReceivedPush> => new Map(push.received.slice(from).map((m) => [m.path.replace('/push/', ''), m]));

  beforeAll(async () => {
    push = await startPushServiceDouble();
    // The double's address is loopback (allowed by name only here) and its certificate is its own (trusted by OUTBOUND_EXTRA_CA).
    t = await startTestApp({ OUTBOUND_ALLOWLIST: '127.0.0.1', OUTBOUND_EXTRA_CA: push.caFile, CONTACT_TO: 'owner@cocoa.test' });
    jobs = t.app.get(JobsService);
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const stop = async (title: string, at: typeof PARK) => {
      const res = await admin
        .post('/api/events')
        .send({ title, location: title, address: '1 Main St, Chicago, IL', date: new Date().toISOString(), startTime: '11:00', endTime: '15:00', ...at });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    stopId = await stop('Millennium Park', PARK);
    otherStopId = await stop('Navy Pier', { latitude: 41.8917, longitude: -87.6086 });
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it('makes one VAPID key pair on first need, even asked for at once, and keeps the private key sealed', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => t.agent().get('/api/push/public-key')));
    for (const res of answers) expect(res.status).toBe(200);
    const keys = new Set(answers.map((r) => r.body.publicKey as string));
    expect(keys.size).toBe(1);
    const [publicKey] = [...keys];
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const stored: Array<{ key: string; value: string }> = await t.dataSource.query(
      `SELECT key, value FROM settings WHERE key LIKE 'PUSH_VAPID_%' ORDER BY key`,
    );
    expect(stored.map((r) => r.key)).toEqual(['PUSH_VAPID_PRIVATE_KEY', 'PUSH_VAPID_PUBLIC_KEY']);
    expect(stored[1].value).toBe(publicKey);
    expect(stored[0].value).toMatch(/^enc:v1:/);
    expect((await t.agent().get('/api/push/public-key')).body).toEqual({ publicKey });
  });

  it('delivers one correctly encrypted, VAPID-signed message per subscribed browser on a check-in, to those it concerns', async () => {
    const anywhere = browser('anywhere');
    const atStop = browser('at-stop');
    const both = browser('both');
    const elsewhere = browser('other-stop');
    const near = browser('near');
    const far = browser('far');
    expect((await subscribe(anywhere, { kind: 'any' })).body).toEqual({ message: 'Notifications are on' });
    expect((await subscribe(atStop, { kind: 'stop', stopId }, { timeZone: 'America/Chicago' })).status).toBe(200);
    expect((await subscribe(both, { kind: 'any' })).status).toBe(200);
    expect((await subscribe(both, { kind: 'stop', stopId: String(stopId) })).status).toBe(200);
    expect((await subscribe(elsewhere, { kind: 'stop', stopId: otherStopId })).status).toBe(200);
    // The Art Institute is ~0.3 miles from the park; Milwaukee ~80 miles.
    expect((await subscribe(near, { kind: 'near', latitude: 41.8796, longitude: -87.6237, miles: 1, label: 'Work' })).status).toBe(200);
    expect((await subscribe(far, { kind: 'near', latitude: 43.0389, longitude: -87.9065, miles: 25 })).status).toBe(200);
    // Subscribing again to the same topic is the same subscription (the zone it gave is kept).
    expect((await subscribe(atStop, { kind: 'stop', stopId })).status).toBe(200);
    expect(await rowsOf(atStop)).toEqual([`stop:${stopId}`]);
    expect(await rowsOf(both)).toEqual(['any', `stop:${stopId}`]);

    const before = push.received.length;
    const job = await change({ change: 'check-in', state: state() });
    await push.waitFor(before + 4);
    await completed(job);
    const got = messagesFrom(before);
    expect([...got.keys()].sort()).toEqual(['anywhere', 'at-stop', 'both', 'near']);
    const { publicKey } = (await t.agent().get('/api/push/public-key')).body as { publicKey: string };

    for (const b of [anywhere, atStop, both, near]) {
      const message = got.get(b.name)!;
      expect(message.method).toBe('POST');
      expect(message.headers['content-encoding']).toBe('aes128gcm');
      expect(message.headers['content-type']).toBe('application/octet-stream');
      expect(message.headers.ttl).toBe(String(PUSH_TTL_S));
      expect(Number(message.headers['content-length'])).toBe(message.body.length);

      // Decrypted with the browser's private key and auth secret, twice: by http_ece and by hand.
      const payload = readPushPayload(message, b);
      expect(JSON.parse(decryptByHand(message.body, b))).toEqual(payload);
      expect(payload).toEqual({
        title: 'Serving now at Millennium Park',
        body: 'The cocoa cart just arrived. Tap to see it on the tracker.',
        url: `/cocoa-tracker?stop=${stopId}`,
        tag: 'live',
      });
      // Nothing readable travels in clear.
      expect(message.body.includes(Buffer.from('Millennium'))).toBe(false);

      // VAPID (RFC 8292): an ES256 JWT for the push service's origin, signed by the shop's key.
      const auth = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(String(message.headers.authorization));
      expect(auth).not.toBeNull();
      const [, header, claims, signature, k] = auth!;
      expect(k).toBe(publicKey);
      expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
      const jwt = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
      expect(jwt.aud).toBe(push.origin);
      expect(jwt.sub).toBe('mailto:owner@cocoa.test');
      expect(jwt.exp * 1000).toBeGreaterThan(Date.now());
      expect(jwt.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);
      expect(
        verify('sha256', Buffer.from(`${header}.${claims}`), { key: p256Key(publicKey), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url')),
      ).toBe(true);
      expect(
        verify('sha256', Buffer.from(`${header}.${claims}x`), { key: p256Key(publicKey), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url')),
      ).toBe(false);
    }
    // Someone else's message cannot be read with this browser's keys.
    expect(() => readPushPayload(got.get('anywhere')!, atStop)).toThrow();
  });

  it('tells the stop’s and anywhere subscribers of a status change, in the reader’s own clock, and nobody of a check-out', async () => {
    let before = push.received.length;
    const updatedAt = '2026-01-15T21:00:00.000Z'; // 3:00 PM in Chicago: closing in 45 minutes is 3:45 PM
    const closing = await change({ change: 'status', state: state({ status: 'closing', minutes: 45, soldOut: ['Iced Mocha'], updatedAt }) });
    await push.waitFor(before + 3);
    await completed(closing);
    let got = messagesFrom(before);
    // near subscribers hear of check-ins only.
    expect([...got.keys()].sort()).toEqual(['anywhere', 'at-stop', 'both']);
    const readBy = (b: Browser) => read(got.get(b.name)!, b);
    const atStop = browserNamed('at-stop');
    const anywhere = browserNamed('anywhere');
    // at-stop said it reads Chicago time; anywhere said nothing, so the zone is named.
    expect(readBy(atStop)).toEqual({
      title: 'Closing at 3:45 PM at Millennium Park',
      body: 'Sold out of Iced Mocha.',
      url: `/cocoa-tracker?stop=${stopId}`,
      tag: 'live',
    });
    expect(readBy(anywhere).title).toBe('Closing at 3:45 PM CST at Millennium Park');

    before = push.received.length;
    const closed = await change({ change: 'status', state: state({ status: 'closed' }) });
    await push.waitFor(before + 3);
    await completed(closed);
    got = messagesFrom(before);
    expect(readBy(anywhere)).toMatchObject({ title: 'Closed for today', body: 'The cocoa cart has closed at Millennium Park. Tap to see where it goes next.' });

    const checkOut = await change({ change: 'check-out', state: state({ live: false, place: null, status: null }) });
    await completed(checkOut);
    const queued = await t.dataSource.query(`SELECT id FROM pgboss.job WHERE name = 'live.push.deliver' AND (data->>'eventId')::int = $1`, [eventId]);
    expect(queued).toEqual([]);
  });

  it('checks in somewhere else: anywhere subscribers and those near it, with the tracker as the link', async () => {
    const before = push.received.length;
    const job = await change({
      change: 'check-in',
      state: state({ place: { stopId: null, label: 'Grant Park', address: null, latitude: 41.8756, longitude: -87.6244 } }),
    });
    await push.waitFor(before + 3);
    await completed(job);
    const got = messagesFrom(before);
    expect([...got.keys()].sort()).toEqual(['anywhere', 'both', 'near']);
    expect(read(got.get('near')!, browserNamed('near'))).toMatchObject({ title: 'Serving now at Grant Park', url: '/cocoa-tracker' });
  });

  it('drops every subscription of a browser its push service says is gone (410), and keeps one it answers 503 for, to try again', async () => {
    const leaving = browser('leaving');
    const busy = browser('busy');
    await subscribe(leaving, { kind: 'any' });
    await subscribe(leaving, { kind: 'stop', stopId });
    await subscribe(busy, { kind: 'stop', stopId });
    push.gone.add('leaving');
    push.answers.set('busy', 503);
    const before = push.received.length;
    await change({ change: 'check-in', state: state() });
    // anywhere, at-stop, both, near (0.2 miles away), leaving, busy
    await push.waitFor(before + 6);
    await eventually(async () => ((await rowsOf(leaving)).length === 0 ? true : undefined), 'the gone subscription to be dropped');
    const got = messagesFrom(before);
    expect(got.get('leaving')?.status).toBe(410);
    expect(got.get('busy')?.status).toBe(503);
    // The busy one is kept, and its delivery waits for a retry; the others are not sent again.
    expect(await rowsOf(busy)).toEqual([`stop:${stopId}`]);
    const retrying = await eventually(async () => {
      const found: Array<{ subscription: number }> = await t.dataSource.query(
        `SELECT (data->>'subscriptionId')::int AS subscription FROM pgboss.job WHERE name = 'live.push.deliver' AND state = 'retry'`,
      );
      return found.length ? found : undefined;
    }, 'the busy delivery to wait for its retry');
    const [busyRow] = await t.dataSource.query(`SELECT id FROM push_subscriptions WHERE endpoint = $1`, [busy.subscription.endpoint]);
    expect(retrying).toEqual([{ subscription: busyRow.id }]);
    expect(
      push.received
        .slice(before)
        .map((m) => m.path)
        .sort(),
    ).toEqual(['/push/anywhere', '/push/at-stop', '/push/both', '/push/busy', '/push/leaving', '/push/near']);
  });

  it('unsubscribes one topic, or with one tap every topic of a browser; answers the same when nothing matched', async () => {
    const b = browser('unsubscribing');
    await subscribe(b, { kind: 'any' });
    await subscribe(b, { kind: 'stop', stopId });
    await subscribe(b, { kind: 'near', latitude: 41.88, longitude: -87.62, miles: 5 });
    expect(await rowsOf(b)).toEqual(['any', `stop:${stopId}`, 'near:41.88,-87.62:5']);
    const off = await t
      .agent()
      .post('/api/push/unsubscribe')
      .send({ endpoint: b.subscription.endpoint, topic: { kind: 'stop', stopId } });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ message: 'Notifications are off' });
    expect(await rowsOf(b)).toEqual(['any', 'near:41.88,-87.62:5']);
    expect((await t.agent().post('/api/push/unsubscribe').send({ endpoint: b.subscription.endpoint })).status).toBe(200);
    expect(await rowsOf(b)).toEqual([]);
    const nobody = await t
      .agent()
      .post('/api/push/unsubscribe')
      .send({ endpoint: push.endpoint('never-subscribed') });
    expect([nobody.status, nobody.body]).toEqual([200, { message: 'Notifications are off' }]);
  });

  it('refuses bad subscriptions with a message and stores nothing: http, bad keys, a point off the curve, a missing stop, junk topics', async () => {
    const b = browser('refused');
    const before = await rows();
    const send = (body: unknown) =>
      t
        .agent()
        .post('/api/push/subscriptions')
        .send(body as object);
    const cases: Array<[unknown, number, string]> = [
      [
        { subscription: { ...b.subscription, endpoint: 'http://127.0.0.1/push/refused' }, topic: { kind: 'any' } },
        400,
        'The push endpoint must be an https:// address',
      ],
      [
        { subscription: { ...b.subscription, keys: { ...b.subscription.keys, auth: 'short' } }, topic: { kind: 'any' } },
        400,
        'The browser’s auth key must be 16 bytes in base64url',
      ],
      [
        { subscription: { ...b.subscription, keys: { ...b.subscription.keys, p256dh: 'B' + 'A'.repeat(86) } }, topic: { kind: 'any' } },
        400,
        'The browser’s p256dh key is not a P-256 public key',
      ],
      [{ subscription: b.subscription, topic: { kind: 'stop', stopId: 99999999 } }, 404, 'That stop is not on the schedule any more'],
      [{ subscription: b.subscription, topic: { kind: 'near', latitude: 41.88, longitude: -87.62, miles: 500 } }, 400, 'Miles must be between 1 and 100'],
      [{ subscription: b.subscription, topic: { kind: 'somewhere' } }, 400, 'Topic must be a stop, any, near or order'],
      [{ subscription: b.subscription }, 400, 'Topic must be a stop, any, near or order'],
      [{ subscription: b.subscription, topic: { kind: 'any' }, isAdmin: true }, 400, 'isAdmin'],
    ];
    for (const [body, status, message] of cases) {
      const res = await send(body);
      expect([res.status, res.body.message]).toEqual([status, expect.stringContaining(message)]);
    }
    const badUnsubscribe = await t.agent().post('/api/push/unsubscribe').send({ endpoint: 'http://127.0.0.1/push/x' });
    expect([badUnsubscribe.status, badUnsubscribe.body.message]).toEqual([400, expect.stringContaining('https://')]);
    expect(await rows()).toEqual(before);
  });
});

describe('the way to the push service: https, the double trusted only through OUTBOUND_EXTRA_CA', () => {
  let push: PushServiceDouble;
  beforeAll(async () => {
    push = await startPushServiceDouble();
  });
  afterAll(() => push?.close());

  const post = (url: string, over: Partial<Parameters<typeof safeFetch>[1]> = {}) =>
    safeFetch(url, {
      method: 'POST',
      body: Buffer.from('x'),
      protocols: ['https:'],
      allow: parseOutboundAllowlist('127.0.0.1'),
      timeoutMs: 5000,
      maxBytes: 1024,
      maxRedirects: 0,
      ...over,
    });
  const failure = async (promise: Promise<unknown>) => {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(err instanceof OutboundFetchError)) throw new Error(`expected a refusal, got ${String(err)}`);
    return { reason: err.reason, message: err.message };
  };

  it('reads OUTBOUND_EXTRA_CA at start (Node’s roots plus the file), naming a file it cannot use', () => {
    const ca = loadConfig({ OUTBOUND_EXTRA_CA: push.caFile }).OUTBOUND_EXTRA_CA ?? [];
    expect(ca.length).toBeGreaterThan(100);
    expect(ca[ca.length - 1]).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(loadConfig({}).OUTBOUND_EXTRA_CA).toBeUndefined();
    expect(() => loadConfig({ OUTBOUND_EXTRA_CA: '/nonexistent/ca.pem' })).toThrow(
      'Invalid environment variable OUTBOUND_EXTRA_CA: cannot read /nonexistent/ca.pem (ENOENT)',
    );
    expect(() => loadConfig({ OUTBOUND_EXTRA_CA: __filename })).toThrow(`${__filename} holds no PEM certificate`);
  });

  it('posts to the double only when its certificate is trusted; http and an address not allowed are refused before connecting', async () => {
    const ca = loadConfig({ OUTBOUND_EXTRA_CA: push.caFile }).OUTBOUND_EXTRA_CA;
    expect((await post(push.endpoint('trusted'), { ca })).status).toBe(201);
    expect(push.received.map((m) => [m.method, m.path, m.body.toString()])).toEqual([['POST', '/push/trusted', 'x']]);
    expect(await failure(post(push.endpoint('untrusted')))).toEqual({
      reason: 'failed',
      message: expect.stringContaining('the secure connection to 127.0.0.1 failed'),
    });
    expect(await failure(post(push.endpoint('plain').replace('https:', 'http:'), { ca }))).toEqual({
      reason: 'refused',
      message: 'only https addresses are fetched',
    });
    expect(await failure(post(push.endpoint('loopback'), { ca, allow: NO_OUTBOUND_EXCEPTIONS }))).toEqual({
      reason: 'refused',
      message: '127.0.0.1 is a loopback address; only addresses on the public internet are fetched',
    });
    expect(push.received).toHaveLength(1);
  });
});
