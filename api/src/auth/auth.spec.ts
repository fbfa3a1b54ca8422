import { TEST_ADMIN, useTestApp } from '../test/test-app';
import { AdminBootstrap } from './admin.bootstrap';

const FORGOT_ANSWER = 'If an account exists with this email, you will receive a password reset link.';

/** The cocoa.sid Set-Cookie line of a response, if any. */
function sessionCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const raw = res.headers['set-cookie'];
  const lines = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  return lines.find((l) => l.startsWith('cocoa.sid='));
}
const cookiePair = (line: string | undefined) => line?.split(';')[0] ?? '';

describe('accounts: session, registration, password reset, profile', () => {
  const t = useTestApp();
  let n = 0;

  const newUser = (over: Record<string, unknown> = {}) => {
    n += 1;
    return { username: `cocoa${n}`, email: `cocoa${n}@example.com`, password: `secret-${n}-pass`, ...over };
  };
  /** A registration sent from a fresh agent. */
  const registering = (body: object) => t.agent().post('/api/register').send(body);
  /** Registers a user in a fresh agent, which stays signed in. */
  const register = async (over: Record<string, unknown> = {}) => {
    const body = newUser(over);
    const agent = t.agent();
    const res = await agent.post('/api/register').send(body);
    expect(res.status).toBe(201);
    return { agent, body, user: res.body as { id: number; username: string; email: string } };
  };
  /** The token of the newest reset mail to `email`; the mail is made after the answer, so wait for it. */
  const resetLinkFor = async (email: string): Promise<string> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      await t.mailWritten();
      const rows: { body_text: string }[] = await t.dataSource.query(
        'SELECT body_text FROM mail_outbox WHERE lower(recipient) = lower($1) ORDER BY id DESC LIMIT 1',
        [email],
      );
      const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(rows[0]?.body_text ?? '')?.[1];
      if (token) return token;
      if (Date.now() > deadline) throw new Error(`no reset mail for ${email}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  describe('register → current user → logout → 401 → login', () => {
    it('walks the whole session cycle', async () => {
      const body = newUser({ firstName: 'Coco', lastName: 'Bean', city: 'Austin' });
      const agent = t.agent();

      const registered = await agent.post('/api/register').send(body);
      expect(registered.status).toBe(201);
      expect(registered.body).toEqual({
        id: expect.any(Number),
        username: body.username,
        email: body.email,
        firstName: 'Coco',
        lastName: 'Bean',
        isAdmin: false,
      });
      expect(JSON.stringify(registered.body)).not.toMatch(/password|scrypt/i);

      const me = await agent.get('/api/user');
      expect(me.status).toBe(200);
      expect(me.body).toEqual(registered.body);
      expect(me.headers['cache-control']).toBe('no-store');

      const out = await agent.post('/api/logout');
      expect(out.status).toBe(200);
      expect(sessionCookie(out)).toMatch(/^cocoa\.sid=;.*Expires=Thu, 01 Jan 1970/);
      const gone = await agent.get('/api/user');
      expect(gone.status).toBe(401);
      expect(gone.body.message).toEqual(expect.any(String));

      const login = await agent.post('/api/login').send({ username: body.username, password: body.password });
      expect(login.status).toBe(200);
      expect(login.body).toEqual(registered.body);
      expect((await agent.get('/api/user')).body.username).toBe(body.username);
    });

    it('answers 401 to GET /api/user for a visitor', async () => {
      const res = await t.agent().get('/api/user');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Please log in to continue', code: 'UNAUTHENTICATED' });
    });

    it('logs in case-insensitively by username, stores the optional fields as null', async () => {
      const { body } = await register();
      const res = await t.agent().post('/api/login').send({ username: body.username.toUpperCase(), password: body.password });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ username: body.username, firstName: null, lastName: null });
    });

    it('logout without a session still answers 200', async () => {
      expect((await t.agent().post('/api/logout')).status).toBe(200);
    });
  });

  describe('session cookie', () => {
    it('is httpOnly, SameSite=Lax, not Secure on http, and changes at login', async () => {
      const { agent, body } = await register();
      const again = await agent.post('/api/login').send({ username: body.username, password: body.password });
      const first = sessionCookie(again);
      expect(first).toBeDefined();
      expect(first).toMatch(/; HttpOnly/);
      expect(first).toMatch(/; SameSite=Lax/);
      expect(first).not.toMatch(/; Secure/);

      const other = await register();
      const switched = await agent.post('/api/login').send({ username: other.body.username, password: other.body.password });
      const second = sessionCookie(switched);
      expect(cookiePair(second)).not.toBe(cookiePair(first));
      // The session id used before login no longer carries anybody.
      const stale = await t.agent().get('/api/user').set('Cookie', cookiePair(first));
      expect(stale.status).toBe(401);
      const fresh = await t.agent().get('/api/user').set('Cookie', cookiePair(second));
      expect(fresh.body.username).toBe(other.body.username);
    });

    it('signs out a user deleted since the session began', async () => {
      const { agent, user } = await register();
      await t.dataSource.query('DELETE FROM users WHERE id = $1', [user.id]);
      expect((await agent.get('/api/user')).status).toBe(401);
    });
  });

  describe('registration rules', () => {
    it('refuses a taken username or e-mail, whatever the case, with 409 and a clear message', async () => {
      const { body } = await register();
      const users = await t.count('users');
      const sameName = await registering(newUser({ username: body.username.toUpperCase() }));
      expect(sameName.status).toBe(409);
      expect(sameName.body.message).toBe('That username is already taken');
      const sameEmail = await registering(newUser({ email: body.email.toUpperCase() }));
      expect(sameEmail.status).toBe(409);
      expect(sameEmail.body.message).toBe('An account with this email already exists');
      expect(await t.count('users')).toBe(users);
    });

    it('keeps one account when the same username registers twice at once', async () => {
      const body = newUser();
      const results = await Promise.all([registering(body), registering({ ...body, email: `other.${body.email}` })]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      const rows = await t.dataSource.query('SELECT id FROM users WHERE lower(username) = lower($1)', [body.username]);
      expect(rows).toHaveLength(1);
    });

    it.each([
      [{ username: 'ab' }, 'Username must be at least 3 characters'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ password: '1234567' }, 'Password must be at least 8 characters'],
      [{ country: 'FR' }, 'Country must be one of US, CA, GB, AU, MX'],
      [{ confirmPassword: 'whatever' }, 'Unknown field: confirmPassword'],
      [{ isAdmin: true }, 'Unknown field: isAdmin'],
    ])('answers 400 for %j: %s', async (over, message) => {
      const users = await t.count('users');
      const res = await registering(newUser(over));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(await t.count('users')).toBe(users);
    });

    it('accepts what the PWA sends (nulls for the optional fields)', async () => {
      const body = newUser({ firstName: null, lastName: null, phone: null, address: null, city: null, state: null, zipCode: null, country: 'CA' });
      const res = await registering(body);
      expect(res.status).toBe(201);
    });
  });

  describe('login failures', () => {
    it("answers 401 'Invalid username or password' for a wrong password or an unknown user", async () => {
      const { body } = await register();
      for (const credentials of [
        { username: body.username, password: 'wrong-password' },
        { username: 'nobody-here', password: 'whatever1' },
      ]) {
        const agent = t.agent();
        const res = await agent.post('/api/login').send(credentials);
        expect(res.status).toBe(401);
        expect(res.body.message).toBe('Invalid username or password');
        expect(sessionCookie(res)).toBeUndefined();
        expect((await agent.get('/api/user')).status).toBe(401);
      }
    });

    it('lets the seeded admin in as an admin', async () => {
      const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
      const me = await admin.get('/api/user');
      expect(me.body).toMatchObject({ username: TEST_ADMIN.username, isAdmin: true });
    });

    it('creates the admin only once, even when several starts race', async () => {
      const bootstrap = t.app.get(AdminBootstrap);
      await bootstrap.ensureAdmin(); // already there: nothing happens
      expect(await t.dataSource.query('SELECT id FROM users WHERE is_admin')).toHaveLength(1);
      // As on a first start of several replicas: no admin yet, three bootstraps at once.
      await t.dataSource.query('DELETE FROM users WHERE is_admin');
      await Promise.all([bootstrap.ensureAdmin(), bootstrap.ensureAdmin(), bootstrap.ensureAdmin()]);
      expect(await t.dataSource.query('SELECT id FROM users WHERE is_admin')).toHaveLength(1);
      await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    });
  });

  describe('forgot and reset password', () => {
    it('gives the same answer for an unknown e-mail and mails nothing', async () => {
      const mails = await t.count('mail_outbox');
      const tokens = await t.count('password_reset_tokens');
      const res = await t.agent().post('/api/auth/forgot-password').send({ email: 'nobody@example.com' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: FORGOT_ANSWER });
      expect(await t.count('mail_outbox')).toBe(mails);
      expect(await t.count('password_reset_tokens')).toBe(tokens);
    });

    it('mails a link to PUBLIC_URL/reset-password whose token resets the password once and only once', async () => {
      const { agent: oldSession, body } = await register();
      const res = await t.agent().post('/api/auth/forgot-password').send({ email: body.email.toUpperCase() });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: FORGOT_ANSWER });

      const token = await resetLinkFor(body.email);
      const [mail] = await t.dataSource.query('SELECT recipient, subject, body_text FROM mail_outbox ORDER BY id DESC LIMIT 1');
      expect(mail.recipient).toBe(body.email);
      expect(mail.body_text).toContain('http://localhost:3000/reset-password?token=');
      // Only a hash is stored.
      const stored = await t.dataSource.query('SELECT token_hash, expires_at - created_at AS ttl FROM password_reset_tokens ORDER BY id DESC LIMIT 1');
      expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored[0].token_hash).not.toContain(token);

      const reset = await t.agent().post('/api/auth/reset-password').send({ token, newPassword: 'brand-new-pass' });
      expect(reset.status).toBe(200);
      expect(reset.body.message).toEqual(expect.any(String));

      expect((await t.agent().post('/api/login').send({ username: body.username, password: body.password })).status).toBe(401);
      expect((await t.agent().post('/api/login').send({ username: body.username, password: 'brand-new-pass' })).status).toBe(200);
      // Sessions opened before the reset are signed out.
      expect((await oldSession.get('/api/user')).status).toBe(401);

      const replay = await t.agent().post('/api/auth/reset-password').send({ token, newPassword: 'another-pass' });
      expect(replay.status).toBe(400);
      expect(replay.body.message).toBe('Invalid or expired reset link');
      expect((await t.agent().post('/api/login').send({ username: body.username, password: 'brand-new-pass' })).status).toBe(200);
    });

    it('refuses an expired token and an unknown token', async () => {
      const { body } = await register();
      await t.agent().post('/api/auth/forgot-password').send({ email: body.email }).expect(200);
      const token = await resetLinkFor(body.email);
      await t.dataSource.query(
        `UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE username = $1)`,
        [body.username],
      );
      for (const candidate of [token, 'x'.repeat(43)]) {
        const res = await t.agent().post('/api/auth/reset-password').send({ token: candidate, newPassword: 'brand-new-pass' });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Invalid or expired reset link');
      }
      expect((await t.agent().post('/api/login').send({ username: body.username, password: body.password })).status).toBe(200);
    });

    it('lets a token work once when two resets race', async () => {
      const { body } = await register();
      await t.agent().post('/api/auth/forgot-password').send({ email: body.email }).expect(200);
      const token = await resetLinkFor(body.email);
      const results = await Promise.all([
        t.agent().post('/api/auth/reset-password').send({ token, newPassword: 'racer-one' }),
        t.agent().post('/api/auth/reset-password').send({ token, newPassword: 'racer-two' }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    });

    it.each([
      [{ email: 'no-at-sign' }, 'Please enter a valid email address.'],
      [{ email: '' }, 'Please enter a valid email address.'],
      [{}, 'Please enter a valid email address.'],
    ])('forgot-password answers 400 for %j', async (body, message) => {
      const res = await t.agent().post('/api/auth/forgot-password').send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it.each([
      [{ token: 'abc', newPassword: '1234567' }, 'Password must be at least 8 characters'],
      [{ newPassword: 'long-enough' }, 'No reset token found. Please request a new password reset.'],
      [{ token: '', newPassword: 'long-enough' }, 'No reset token found. Please request a new password reset.'],
    ])('reset-password answers 400 for %j', async (body, message) => {
      const res = await t.agent().post('/api/auth/reset-password').send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });
  });

  describe('password change', () => {
    it('needs a session', async () => {
      const res = await t.agent().patch('/api/users/1/password').send({ currentPassword: 'x', newPassword: 'whatever-1' });
      expect(res.status).toBe(401);
    });

    it("changes only your own password: 403 for another user's id", async () => {
      const mine = await register();
      const theirs = await register();
      const res = await mine.agent.patch(`/api/users/${theirs.user.id}/password`).send({ currentPassword: mine.body.password, newPassword: 'hijacked-pass' });
      expect(res.status).toBe(403);
      expect((await t.agent().post('/api/login').send({ username: theirs.body.username, password: theirs.body.password })).status).toBe(200);
    });

    it("answers 400 'Current password is incorrect' on a wrong current password", async () => {
      const { agent, body, user } = await register();
      const res = await agent.patch(`/api/users/${user.id}/password`).send({ currentPassword: 'not-my-password', newPassword: 'next-pass-1' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Current password is incorrect');
      expect((await t.agent().post('/api/login').send({ username: body.username, password: body.password })).status).toBe(200);
    });

    it('changes the password, renews this session under a new id and signs every other one out', async () => {
      const agent = t.agent();
      const body = newUser();
      const registered = await agent.post('/api/register').send(body);
      const user = registered.body as { id: number };
      const before = cookiePair(sessionCookie(registered));
      const elsewhere = await t.signedIn(body.username, body.password);
      const res = await agent.patch(`/api/users/${user.id}/password`).send({ currentPassword: body.password, newPassword: 'next-pass-1' });
      expect(res.status).toBe(200);
      expect(res.body.message).toEqual(expect.any(String));
      const after = cookiePair(sessionCookie(res));
      expect(after).toMatch(/^cocoa\.sid=.+/);
      expect(after).not.toBe(before);
      expect((await agent.get('/api/user')).status).toBe(200);
      // The session id from before the change (a stolen cookie, say) is dead, like the other devices.
      expect((await t.agent().get('/api/user').set('Cookie', before)).status).toBe(401);
      expect((await elsewhere.get('/api/user')).status).toBe(401);
      expect((await t.agent().post('/api/login').send({ username: body.username, password: body.password })).status).toBe(401);
      expect((await t.agent().post('/api/login').send({ username: body.username, password: 'next-pass-1' })).status).toBe(200);
    });

    it.each([
      [{ newPassword: 'next-pass-1' }, 'Current password is required'],
      [{ currentPassword: '', newPassword: 'next-pass-1' }, 'Current password is required'],
      [{ currentPassword: 'x', newPassword: '1234567' }, 'Password must be at least 8 characters'],
    ])('answers 400 for %j', async (body, message) => {
      const { agent, user } = await register();
      const res = await agent.patch(`/api/users/${user.id}/password`).send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('answers 400 for an id that is not a number', async () => {
      const { agent } = await register();
      const res = await agent.patch('/api/users/abc/password').send({ currentPassword: 'x', newPassword: 'next-pass-1' });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^Id must be/);
    });
  });

  describe('customer profile', () => {
    it('needs a session', async () => {
      expect((await t.agent().get('/api/me/customer')).status).toBe(401);
      expect((await t.agent().patch('/api/me/customer').send({ email: 'a@b.co' })).status).toBe(401);
    });

    it('answers the profile built from the account, and updates it', async () => {
      const { agent, body } = await register({ firstName: 'Ada', phone: '5125550100' });
      const first = await agent.get('/api/me/customer');
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('no-store');
      expect(first.body).toEqual({
        emailAddress: body.email,
        givenName: 'Ada',
        familyName: null,
        phoneNumber: '5125550100',
        address: { line1: null, city: null, state: null, postalCode: null, country: 'US' },
      });

      const update = {
        email: `new.${body.email}`,
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '5125550199',
        address: '1 Cocoa Way',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
        country: 'US',
      };
      const patched = await agent.patch('/api/me/customer').send(update);
      expect(patched.status).toBe(200);
      expect(patched.body).toEqual({
        emailAddress: update.email,
        givenName: 'Ada',
        familyName: 'Lovelace',
        phoneNumber: '5125550199',
        address: { line1: '1 Cocoa Way', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' },
      });
      expect((await agent.get('/api/me/customer')).body).toEqual(patched.body);
      expect((await agent.get('/api/user')).body).toMatchObject({ email: update.email, lastName: 'Lovelace' });

      // A field left out keeps its value; an empty one is cleared.
      const partial = await agent.patch('/api/me/customer').send({ email: update.email, phone: '' });
      expect(partial.body).toMatchObject({ phoneNumber: null, familyName: 'Lovelace', address: { city: 'Austin' } });
    });

    it("refuses another account's e-mail with 409 and changes nothing", async () => {
      const mine = await register();
      const theirs = await register();
      const res = await mine.agent.patch('/api/me/customer').send({ email: theirs.body.email.toUpperCase(), firstName: 'Changed' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('An account with this email already exists');
      expect((await mine.agent.get('/api/me/customer')).body).toMatchObject({ emailAddress: mine.body.email, givenName: null });
    });

    it('keeps your own e-mail in a different case', async () => {
      const { agent, body } = await register();
      const res = await agent.patch('/api/me/customer').send({ email: body.email.toUpperCase() });
      expect(res.status).toBe(200);
    });

    it.each([
      [{ firstName: 'No email' }, 'Please enter a valid email address'],
      [{ email: 'bad' }, 'Please enter a valid email address'],
      [{ email: 'ok@example.com', country: 'DE' }, 'Country must be one of US, CA, GB, AU, MX'],
      [{ email: 'ok@example.com', isAdmin: true }, 'Unknown field: isAdmin'],
      [{ email: 'ok@example.com', username: 'takeover' }, 'Unknown field: username'],
    ])('answers 400 for %j and changes nothing', async (update, message) => {
      const { agent, body } = await register();
      const res = await agent.patch('/api/me/customer').send(update);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
      expect((await agent.get('/api/user')).body).toMatchObject({ username: body.username, email: body.email, isAdmin: false });
    });
  });

  describe('malformed requests answer 400 with a message and change nothing', () => {
    const cases: [string, string, unknown][] = [
      ['post', '/api/login', []],
      ['post', '/api/login', { username: 123, password: 'secret-1' }],
      ['post', '/api/login', { username: 'cocoa1' }],
      ['post', '/api/login', { username: 'cocoa1', password: 'secret-1', extra: 1 }],
      ['post', '/api/login', { username: ['cocoa1'], password: ['x'] }],
      ['post', '/api/register', []],
      ['post', '/api/register', 'just text'],
      ['post', '/api/register', { username: 'valid-name', email: { $ne: null }, password: 'secret-1' }],
      ['post', '/api/register', { username: 'valid-name', password: 'secret-1' }],
      ['post', '/api/register', { username: 'valid-name', email: 'v@example.com', password: 123456 }],
      ['post', '/api/register', { username: 'valid-name', email: 'v@example.com', password: 'secret-1', firstName: 5 }],
      ['post', '/api/register', { username: 'x'.repeat(51), email: 'v@example.com', password: 'secret-1' }],
      ['post', '/api/auth/forgot-password', ['a@b.co']],
      ['post', '/api/auth/forgot-password', { email: 42 }],
      ['post', '/api/auth/forgot-password', { email: 'a@b.co', extra: true }],
      ['post', '/api/auth/reset-password', { token: 5, newPassword: 'secret-1' }],
      ['post', '/api/auth/reset-password', { token: 'abc', newPassword: 'secret-1', userId: 1 }],
      ['post', '/api/auth/reset-password', { token: 'x'.repeat(201), newPassword: 'secret-1' }],
      ['post', '/api/auth/reset-password', null],
    ];
    it.each(cases.map(([method, path, body]) => [method, path, String(JSON.stringify(body)).slice(0, 80), body] as const))(
      '%s %s %s',
      async (method, path, _label, body) => {
        const before = { users: await t.count('users'), tokens: await t.count('password_reset_tokens'), mails: await t.count('mail_outbox') };
        const agent = t.agent();
        const req = (agent as unknown as Record<string, (p: string) => import('supertest').Test>)[method](path);
        const res = typeof body === 'string' ? await req.set('Content-Type', 'application/json').send(JSON.stringify(body)) : await req.send(body as object);
        expect(res.status).toBe(400);
        expect(res.body.message).toEqual(expect.any(String));
        expect(res.body.message.length).toBeGreaterThan(0);
        expect(sessionCookie(res)).toBeUndefined();
        expect({ users: await t.count('users'), tokens: await t.count('password_reset_tokens'), mails: await t.count('mail_outbox') }).toEqual(before);
      },
    );

    it('a body that is not JSON at all', async () => {
      const res = await t.agent().post('/api/login').set('Content-Type', 'application/json').send('{"username": "abc", ');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Malformed JSON in request body');
    });

    it('signed-in calls with bad bodies', async () => {
      const { agent, user, body } = await register();
      for (const [path, payload] of [
        [`/api/users/${user.id}/password`, []],
        [`/api/users/${user.id}/password`, { currentPassword: ['x'], newPassword: 'next-pass-1' }],
        [`/api/users/${user.id}/password`, { currentPassword: body.password, newPassword: 'next-pass-1', confirmPassword: 'next-pass-1' }],
        ['/api/me/customer', []],
        ['/api/me/customer', { email: 'ok@example.com', firstName: { a: 1 } }],
        ['/api/me/customer', { email: 'ok@example.com', zipCode: 'x'.repeat(21) }],
      ] as const) {
        const res = await agent.patch(path).send(payload);
        expect(res.status).toBe(400);
        expect(res.body.message).toEqual(expect.any(String));
      }
      expect((await agent.get('/api/me/customer')).body).toMatchObject({ emailAddress: body.email, givenName: null, address: { postalCode: null } });
      expect((await t.agent().post('/api/login').send({ username: body.username, password: body.password })).status).toBe(200);
    });
  });

  describe('cross-site requests', () => {
    const evil = 'https://evil.example';

    it('refuses state-changing calls from a foreign Origin with 403 and changes nothing', async () => {
      const { agent, body } = await register();
      const users = await t.count('users');
      const mails = await t.count('mail_outbox');
      const attempts = [
        t.agent().post('/api/register').set('Origin', evil).send(newUser()),
        t.agent().post('/api/login').set('Origin', evil).send({ username: body.username, password: body.password }),
        t.agent().post('/api/auth/forgot-password').set('Origin', evil).send({ email: body.email }),
        agent.patch('/api/me/customer').set('Origin', evil).send({ email: 'stolen@evil.example' }),
        agent.post('/api/logout').set('Origin', evil),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(403);
        expect(res.body.message).toEqual(expect.any(String));
        expect(sessionCookie(res)).toBeUndefined();
      }
      expect(await t.count('users')).toBe(users);
      expect(await t.count('mail_outbox')).toBe(mails);
      expect((await agent.get('/api/me/customer')).body.emailAddress).toBe(body.email);
    });

    it('accepts the same calls from the shop itself', async () => {
      const res = await t.agent().post('/api/register').set('Origin', 'http://localhost:3000').send(newUser());
      expect(res.status).toBe(201);
    });
  });
});
