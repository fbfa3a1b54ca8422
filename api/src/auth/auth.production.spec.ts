import { useCapturedStdout } from '../test/capture-stdout';
import { useTestApp } from '../test/test-app';
import { AdminBootstrap } from './admin.bootstrap';

/**
 * Settings of a deployment behind TLS: PUBLIC_URL https, a trusted proxy, the real rate limits
 * (small here), and no ADMIN_PASSWORD so the first admin's password is generated.
 */
describe('accounts in production settings', () => {
  const stdout = useCapturedStdout();
  const t = useTestApp({
    PUBLIC_URL: 'https://shop.example.com',
    TRUST_PROXY: 'true',
    RATE_LIMIT_MAX: '3',
    ADMIN_USERNAME: 'owner',
    ADMIN_PASSWORD: '',
    LOG_LEVEL: 'warn',
  });

  const https = () => {
    const agent = t.agent();
    agent.set('X-Forwarded-Proto', 'https');
    return agent;
  };
  const adminLines = () => stdout.lines.filter((l) => l.includes('admin account created'));

  it('prints a generated admin password once, and it logs the admin in', async () => {
    expect(adminLines()).toHaveLength(1);
    const line = JSON.parse(adminLines()[0]) as { level: string; username: string; generatedPassword: string };
    expect(line).toMatchObject({ level: 'warn', username: 'owner' });
    expect(line.generatedPassword.length).toBeGreaterThanOrEqual(16);

    await t.app.get(AdminBootstrap).ensureAdmin();
    expect(adminLines()).toHaveLength(1);

    const res = await https().post('/api/login').send({ username: 'owner', password: line.generatedPassword });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'owner', isAdmin: true });
    // Over https the cookie carries the __Host- prefix (its other attributes: auth/sessions.spec.ts).
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('__Host-cocoa.sid='));
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
  });

  it('accepts state-changing calls from its own https origin and refuses others', async () => {
    const own = await https().post('/api/auth/forgot-password').set('Origin', 'https://shop.example.com').send({ email: 'x@example.com' });
    expect(own.status).toBe(200);
    const foreign = await https().post('/api/auth/forgot-password').set('Origin', 'http://shop.example.com').send({ email: 'x@example.com' });
    expect(foreign.status).toBe(403);
  });

  it('mails reset links to the https PUBLIC_URL', async () => {
    await https().post('/api/auth/forgot-password').send({ email: 'admin@cocoa.local' }).expect(200);
    // Mailed once the answer has gone: wait for it.
    let mail: { body_text: string } | undefined;
    for (let i = 0; i < 400 && !mail; i++) {
      await t.mailWritten();
      [mail] = await t.dataSource.query(
        `SELECT body_text FROM mail_outbox WHERE recipient = 'admin@cocoa.local' AND body_text IS NOT NULL ORDER BY id DESC LIMIT 1`,
      );
      if (!mail) await new Promise((r) => setTimeout(r, 25));
    }
    expect(mail?.body_text).toMatch(/https:\/\/shop\.example\.com\/reset-password\?token=[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/);
  });

  it.each([
    ['wrong passwords at login', '/api/login', { username: 'owner', password: 'wrong-password' }],
    ['register', '/api/register', { username: 'ab', email: 'bad', password: '1' }],
    ['forgot-password', '/api/auth/forgot-password', { email: 'nobody@example.com' }],
    ['bogus reset tokens', '/api/auth/reset-password', { token: 'not-a-token', newPassword: 'whatever-1' }],
    ['contact', '/api/contact', { name: 'A', email: 'a@example.com', subject: 'S', message: 'M' }],
  ])('limits %s per client address with 429, Retry-After and a message', async (_bucket, path, body) => {
    // Each bucket allows RATE_LIMIT_MAX (3) per window from one address (the proxy's X-Forwarded-For).
    const from = (ip: string) => https().post(path).set('X-Forwarded-For', ip).send(body);
    for (let i = 0; i < 3; i += 1) expect((await from('203.0.113.7')).status).not.toBe(429);
    const limited = await from('203.0.113.7');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many attempts\. Please try again in 1[0-5] minutes\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(10 * 60);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Another address is not affected.
    expect((await from('198.51.100.2')).status).not.toBe(429);
  });

  it('never counts a correct sign-in against the address', async () => {
    const address = '203.0.113.40';
    const client = () => https().set('X-Forwarded-For', address);
    await https()
      .set('X-Forwarded-For', '203.0.113.41')
      .post('/api/register')
      .send({ username: 'regular', email: 'regular@example.com', password: 'regular-pass' })
      .expect(201);
    const login = (password: string) => client().post('/api/login').send({ username: 'regular', password });
    expect((await login('wrong-one')).status).toBe(401);
    expect((await login('wrong-two')).status).toBe(401);
    for (let i = 0; i < 5; i += 1) expect((await login('regular-pass')).status).toBe(200);
    // Two wrong ones so far: a third is still heard, a fourth is past the ceiling of 3.
    expect((await login('wrong-three')).status).toBe(401);
    expect((await login('wrong-four')).status).toBe(429);
  });

  it('does not store a rate-limited contact message', async () => {
    const stored = await t.dataSource.query('SELECT count(*)::int AS n FROM contact_messages');
    // 203.0.113.7 sent 3 accepted messages, then was refused; 198.51.100.2 sent 1.
    expect(stored[0].n).toBe(4);
  });
});
