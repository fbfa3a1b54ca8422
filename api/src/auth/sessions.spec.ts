import { createHash, randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { recentSignInsSchema, signedOutOthersSchema } from '@cocoa/shared-types';
import supertest from 'supertest';
import { DB_POOL, type DatabasePool } from '../database-pool/database-pool';
import { TEST_ADMIN, type TestAgent, useTestApp } from '../test/test-app';

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';

/** The Set-Cookie lines of a response. */
const setCookies = (res: supertest.Response): string[] => (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sessions: sign-ins recorded, other devices signed out', () => {
  const t = useTestApp();
  let n = 0;

  /** A new customer, signed in from a first device (the agent). */
  const customer = async (userAgent = FIREFOX_ON_WINDOWS) => {
    n += 1;
    const body = { username: `device${n}`, email: `device${n}@example.com`, password: `device-pass-${n}` };
    const agent = t.agent();
    const res = await agent.post('/api/register').set('User-Agent', userAgent).send(body);
    expect(res.status).toBe(201);
    return { agent, body, id: (res.body as { id: number }).id };
  };
  /** Another device signing in to the same account. */
  const device = async (username: string, password: string, userAgent = SAFARI_ON_IPHONE) => {
    const agent = t.agent();
    expect((await agent.post('/api/login').set('User-Agent', userAgent).send({ username, password })).status).toBe(200);
    return agent;
  };
  const signIns = async (agent: TestAgent) => {
    const res = await agent.get('/api/me/sign-ins');
    expect(res.status).toBe(200);
    return recentSignInsSchema.parse(res.body);
  };

  it('lists the account’s sign-ins, newest first, with address, browser and the device in words', async () => {
    const { agent, body } = await customer();
    await device(body.username, body.password);
    const list = await signIns(agent);
    expect(list.timeZone).toBe('America/Chicago');
    expect(list.signIns).toEqual([
      { id: expect.any(Number), at: expect.any(String), ipAddress: '127.0.0.1', userAgent: SAFARI_ON_IPHONE, device: 'Safari on iPhone', current: false },
      { id: expect.any(Number), at: expect.any(String), ipAddress: '127.0.0.1', userAgent: FIREFOX_ON_WINDOWS, device: 'Firefox on Windows', current: true },
    ]);
    expect(Date.parse(list.signIns[0].at)).toBeGreaterThanOrEqual(Date.parse(list.signIns[1].at));
    expect(Math.abs(Date.parse(list.signIns[0].at) - Date.now())).toBeLessThan(60_000);
  });

  it('never shows another account’s sign-ins', async () => {
    const mine = await customer();
    const theirs = await customer(SAFARI_ON_IPHONE);
    await device(theirs.body.username, theirs.body.password, 'Theirs/1.0');
    const list = await signIns(mine.agent);
    expect(list.signIns).toHaveLength(1);
    expect(list.signIns[0].userAgent).toBe(FIREFOX_ON_WINDOWS);
    const rows: { id: number }[] = await t.dataSource.query('SELECT id FROM sign_ins WHERE user_id = $1', [theirs.id]);
    expect(rows).toHaveLength(2);
    expect(list.signIns.map((s) => s.id)).not.toContain(rows[0].id);
    expect((await t.agent().get('/api/me/sign-ins')).status).toBe(401);
  });

  it('cuts a long User-Agent to 512 characters, names an unknown one plainly, and keeps the newest 20 sign-ins', async () => {
    const { agent, body, id } = await customer(`Cocoa/${'x'.repeat(2000)}`);
    const first = (await signIns(agent)).signIns[0];
    expect(first.userAgent).toHaveLength(512);
    expect(first.device).toBe('Unknown device');
    for (let i = 0; i < 21; i += 1) await device(body.username, body.password, `Kiosk/${i}`);
    const list = await signIns(agent);
    expect(list.signIns).toHaveLength(20);
    expect(list.signIns[0].userAgent).toBe('Kiosk/20');
    expect(list.signIns[19].userAgent).toBe('Kiosk/1');
    expect((await t.dataSource.query('SELECT count(*)::int AS n FROM sign_ins WHERE user_id = $1', [id]))[0].n).toBe(20);
  });

  it('"Sign out other devices" ends every other session of the account and keeps this one', async () => {
    const { agent, body } = await customer();
    const phone = await device(body.username, body.password);
    const tablet = await device(body.username, body.password);
    const stranger = await customer();
    const res = await agent.post('/api/me/sign-out-others');
    expect(res.status).toBe(200);
    expect(signedOutOthersSchema.parse(res.body)).toEqual({ message: 'Signed out 2 other devices', ended: 2 });
    expect((await agent.get('/api/user')).status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await tablet.get('/api/user')).status).toBe(401);
    // Somebody else's sessions are not touched.
    expect((await stranger.agent.get('/api/user')).status).toBe(200);
    // Nothing more to end.
    expect((await agent.post('/api/me/sign-out-others')).body).toEqual({ message: 'Signed out 0 other devices', ended: 0 });
    expect((await t.agent().post('/api/me/sign-out-others')).status).toBe(401);
  });

  it('a password change ends the other sessions but keeps this one, still marked as this device', async () => {
    const { agent, body, id } = await customer();
    const phone = await device(body.username, body.password);
    const res = await agent.patch(`/api/users/${id}/password`).send({ currentPassword: body.password, newPassword: 'a brand new passphrase' });
    expect(res.status).toBe(200);
    expect((await agent.get('/api/user')).status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(401);
    // Still the same sign-in: no new one is recorded, and it is still this device's.
    const list = await signIns(agent);
    expect(list.signIns.map((s) => [s.userAgent, s.current])).toEqual([
      [SAFARI_ON_IPHONE, false],
      [FIREFOX_ON_WINDOWS, true],
    ]);
  });

  it('a password reset ends every session of the account', async () => {
    const { agent, body, id } = await customer();
    const phone = await device(body.username, body.password);
    const token = randomBytes(32).toString('base64url');
    await t.dataSource.query(`INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [
      id,
      createHash('sha256').update(token).digest('hex'),
    ]);
    expect((await t.agent().post('/api/auth/reset-password').send({ token, newPassword: 'reset to a passphrase' })).status).toBe(200);
    expect((await agent.get('/api/user')).status).toBe(401);
    expect((await phone.get('/api/user')).status).toBe(401);
    expect((await device(body.username, 'reset to a passphrase').then((a) => a.get('/api/user'))).status).toBe(200);
  });
});

describe('the session cookie over https', () => {
  const t = useTestApp({ PUBLIC_URL: 'https://shop.example.com', TRUST_PROXY: 'true' });

  /** A request as the TLS proxy forwards it. */
  const viaProxy = () => supertest(t.app.getHttpServer()).post('/api/login').set('X-Forwarded-Proto', 'https').set('X-Forwarded-For', '203.0.113.9');

  it('is named __Host-cocoa.sid, Secure, HttpOnly, on Path=/ and with no Domain, and carries the session', async () => {
    const login = await viaProxy().send({ username: TEST_ADMIN.username, password: TEST_ADMIN.password });
    expect(login.status).toBe(200);
    const cookie = setCookies(login).find((line) => line.startsWith('__Host-cocoa.sid='));
    expect(cookie).toBeDefined();
    const attributes = (cookie ?? '').split(';').map((part) => part.trim());
    expect(attributes).toContain('Secure');
    expect(attributes).toContain('HttpOnly');
    expect(attributes).toContain('Path=/');
    expect(attributes).toContain('SameSite=Lax');
    expect(attributes.some((part) => /^domain=/i.test(part))).toBe(false);
    expect(setCookies(login).some((line) => line.startsWith('cocoa.sid='))).toBe(false);

    const pair = (cookie ?? '').split(';')[0];
    const me = await supertest(t.app.getHttpServer()).get('/api/user').set('X-Forwarded-Proto', 'https').set('Cookie', pair);
    expect(me.status).toBe(200);
    // The sign-in is recorded with the client's address as the proxy forwarded it.
    const list = await supertest(t.app.getHttpServer()).get('/api/me/sign-ins').set('X-Forwarded-Proto', 'https').set('Cookie', pair);
    expect(list.body.signIns[0]).toMatchObject({ ipAddress: '203.0.113.9', current: true });

    const out = await supertest(t.app.getHttpServer()).post('/api/logout').set('X-Forwarded-Proto', 'https').set('Cookie', pair);
    expect(setCookies(out).find((line) => line.startsWith('__Host-cocoa.sid='))).toMatch(/Expires=Thu, 01 Jan 1970.*Secure/);
  });
});

describe('session limits', () => {
  // An admin's session: 1 s without a request, 3 s in all; a customer's keeps its 30 days.
  const t = useTestApp({ ADMIN_SESSION_IDLE_S: '1', ADMIN_SESSION_MAX_S: '3' });

  /**
   * Signs in and answers a client that sends the session cookie on every request, also after the
   * Expires the browser was given (as a copied cookie would): only the server ends the session.
   */
  const signIn = async (username: string, password: string) => {
    const res = await t.agent().post('/api/login').send({ username, password });
    expect(res.status).toBe(200);
    const pair =
      setCookies(res)
        .find((line) => line.startsWith('cocoa.sid='))
        ?.split(';')[0] ?? '';
    const sid = decodeURIComponent(pair.slice('cocoa.sid='.length)).replace(/^s:/, '').split('.')[0];
    return { sid, get: (path: string) => supertest(t.app.getHttpServer()).get(path).set('Cookie', pair) };
  };
  /** Whether the session table still holds this session unexpired (the store hands out only those). */
  const liveSessions = async (sid: string) =>
    (await t.dataSource.query(`SELECT count(*)::int AS n FROM session WHERE sid = $1 AND expire >= now()`, [sid]))[0].n as number;

  it('ends an idle admin session (401, and the session is no longer live), while a customer’s lasts', async () => {
    const admin = await signIn(TEST_ADMIN.username, TEST_ADMIN.password);
    expect((await t.agent().post('/api/register').send({ username: 'idler', email: 'idler@example.com', password: 'idle-pass-1' })).status).toBe(201);
    const shopper = await signIn('idler', 'idle-pass-1');
    // Past 1 s without a request (the store's expiry is kept to the whole second).
    await sleep(2_200);
    const res = await admin.get('/api/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Please log in to continue', code: 'UNAUTHENTICATED' });
    expect((await admin.get('/api/admin/summary')).status).toBe(401);
    expect(await liveSessions(admin.sid)).toBe(0);
    expect((await shopper.get('/api/user')).status).toBe(200);
  });

  it('keeps an admin session that is used, and ends it 3 s after its sign-in all the same', async () => {
    // The server's sign-in falls between these two moments (a busy machine makes them far apart).
    const asked = Date.now();
    const admin = await signIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const signedIn = Date.now();
    // A request every 0.4 s: never 1 s idle, so it lasts until its total is up.
    while (Date.now() - asked < 2_400) {
      expect((await admin.get('/api/user')).status).toBe(200);
      await sleep(400);
    }
    while (Date.now() - signedIn < 3_300) await sleep(100);
    expect((await admin.get('/api/user')).status).toBe(401);
    expect(await liveSessions(admin.sid)).toBe(0);
    // Never again, whatever the cookie says.
    expect((await admin.get('/api/user')).status).toBe(401);
  });
});

describe('a session is stored before its answer goes out', () => {
  // Step-up counts for 2 s, so a sign-in's own proof is soon out of date.
  const t = useTestApp({ STEP_UP_MAX_AGE_S: '2' });
  let base: string;
  beforeAll(async () => {
    // Every write of a whole session takes 300 ms (a busy database): a write left to the end of the
    // answer lands well after its headers.
    const pool = t.app.get<DatabasePool>(DB_POOL).pool as unknown as { query: (...args: unknown[]) => Promise<unknown> };
    const query = pool.query.bind(pool);
    pool.query = async (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].startsWith('INSERT INTO "session"')) await sleep(300);
      return query(...args);
    };
    const server = t.app.getHttpServer() as Server;
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  /** fetch resolves as soon as the headers arrive: the caller goes on before the body's last byte, as a browser's other requests may. */
  const post = (path: string, json: unknown, cookie?: string) =>
    fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(json) });
  const get = async (path: string, cookie: string) => {
    const res = await fetch(base + path, { headers: { cookie } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const cookieOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .find((line) => line.startsWith('cocoa.sid='))
      ?.split(';')[0] ?? '';

  it('a request sent with the new cookie the moment the sign-in answers is signed in', async () => {
    const signedIn = await post('/api/login', TEST_ADMIN);
    expect(signedIn.status).toBe(200);
    const cookie = cookieOf(signedIn);
    expect(await get('/api/user', cookie)).toMatchObject({ status: 200, body: { username: TEST_ADMIN.username } });
    await signedIn.text();
    expect((await get('/api/user', cookie)).status).toBe(200);
  });

  it('a request sent the moment a step-up answers counts as freshly checked', async () => {
    const signedIn = await post('/api/login', TEST_ADMIN);
    const cookie = cookieOf(signedIn);
    await signedIn.text();
    await sleep(2_100);
    expect(await get('/api/auth/step-up', cookie)).toEqual({ status: 200, body: { freshUntil: null } });
    const steppedUp = await post('/api/auth/step-up', { password: TEST_ADMIN.password }, cookie);
    expect(steppedUp.status).toBe(200);
    expect(Date.parse(String((await get('/api/auth/step-up', cookie)).body.freshUntil))).toBeGreaterThan(Date.now());
    await steppedUp.text();
  });
});
