import { createHash, randomBytes } from 'node:crypto';
import { startTestApp, TEST_ADMIN, useTestApp } from '../test/test-app';
import { hashPassword } from './password.hasher';

const TOO_COMMON = 'This password is on a list of common or leaked passwords. Please choose another.';
const PERSONAL = 'Your password must not be your user name or e-mail address. Please choose another.';
/** 'sunshine' and 'trustno1' are on the shipped list of common passwords; any case is refused alike. */
const REFUSED: [string, string, string, string][] = [
  ['"password"', 'password', TOO_COMMON, 'PASSWORD_TOO_COMMON'],
  ['"12345678"', '12345678', TOO_COMMON, 'PASSWORD_TOO_COMMON'],
  ['"SunShine"', 'SunShine', TOO_COMMON, 'PASSWORD_TOO_COMMON'],
  ['"trustno1"', 'trustno1', TOO_COMMON, 'PASSWORD_TOO_COMMON'],
  ['7 characters', '1234567', 'Password must be at least 8 characters', 'BAD_INPUT'],
  // 258 UTF-16 units: one character too many.
  ['129 emoji', '🍫'.repeat(129), 'Password must be at most 128 characters', 'BAD_INPUT'],
];
/** Spaces inside and at both ends, emoji, accents: taken as typed. 8 emoji are 8 characters (32 bytes). */
const PASSPHRASE = '  cocoa at the lake 🍫☕ with Zoë  ';
const EIGHT_EMOJI = '🍫☕🌰🥛🍪🧁🍩🍯';

describe('the password rule, wherever a password is set', () => {
  const t = useTestApp();
  let n = 0;

  const login = (username: string, password: string) => t.agent().post('/api/login').send({ username, password });
  const register = async (password = `first-pass-${++n}`) => {
    const body = { username: `rule${++n}`, email: `rule${n}@example.com`, password };
    const agent = t.agent();
    const res = await agent.post('/api/register').send(body);
    return { agent, res, body };
  };
  /** A live reset link for the account, as the mail would carry it (only its sha-256 is stored). */
  const resetToken = async (userId: number) => {
    const token = randomBytes(32).toString('base64url');
    await t.dataSource.query(`INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [
      userId,
      createHash('sha256').update(token).digest('hex'),
    ]);
    return token;
  };
  const passwordHash = async (userId: number) =>
    (await t.dataSource.query('SELECT password_hash FROM users WHERE id = $1', [userId]))[0].password_hash as string;

  it.each(REFUSED)('sign-up refuses %s with a message, and no account is made', async (_label, password, message, code) => {
    const users = await t.count('users');
    const { res } = await register(password);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code });
    expect(await t.count('users')).toBe(users);
  });

  it('sign-up refuses the account’s own user name or e-mail as its password', async () => {
    const users = await t.count('users');
    const asName = await t.agent().post('/api/register').send({ username: 'MochaFan', email: 'mocha.fan@example.com', password: 'mochafan' });
    expect(asName.status).toBe(400);
    expect(asName.body).toEqual({ message: PERSONAL, code: 'PASSWORD_IS_PERSONAL' });
    const asMail = await t.agent().post('/api/register').send({ username: 'MochaFan', email: 'mocha.fan@example.com', password: 'Mocha.Fan@example.com' });
    expect(asMail.body.code).toBe('PASSWORD_IS_PERSONAL');
    expect(await t.count('users')).toBe(users);
  });

  it('takes a long passphrase with spaces and emoji as typed, and it signs in (only exactly)', async () => {
    const { res, body } = await register(PASSPHRASE);
    expect(res.status).toBe(201);
    expect((await login(body.username, PASSPHRASE)).status).toBe(200);
    // Not trimmed: without its spaces it is another password.
    expect((await login(body.username, PASSPHRASE.trim())).status).toBe(401);
    // Counted in characters: eight emoji are enough.
    const emoji = await register(EIGHT_EMOJI);
    expect(emoji.res.status).toBe(201);
    expect((await login(emoji.body.username, EIGHT_EMOJI)).status).toBe(200);
  });

  it.each(REFUSED)('a password change refuses %s; the password and the session stay as they were', async (_label, password, message, code) => {
    const { agent, res, body } = await register();
    const id = (res.body as { id: number }).id;
    const before = await passwordHash(id);
    const change = await agent.patch(`/api/users/${id}/password`).send({ currentPassword: body.password, newPassword: password });
    expect(change.status).toBe(400);
    expect(change.body).toEqual({ message, code });
    expect(await passwordHash(id)).toBe(before);
    expect((await agent.get('/api/user')).status).toBe(200);
    expect((await login(body.username, body.password)).status).toBe(200);
  });

  it('a password change takes a passphrase with emoji', async () => {
    const { agent, res, body } = await register();
    const id = (res.body as { id: number }).id;
    expect((await agent.patch(`/api/users/${id}/password`).send({ currentPassword: body.password, newPassword: PASSPHRASE })).status).toBe(200);
    expect((await login(body.username, PASSPHRASE)).status).toBe(200);
  });

  it.each(REFUSED)('a reset refuses %s; the link stays good and the password unchanged', async (_label, password, message, code) => {
    const { res, body } = await register();
    const id = (res.body as { id: number }).id;
    const token = await resetToken(id);
    const refused = await t.agent().post('/api/auth/reset-password').send({ token, newPassword: password });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message, code });
    expect((await login(body.username, body.password)).status).toBe(200);
    // The same link still sets an allowed password.
    expect((await t.agent().post('/api/auth/reset-password').send({ token, newPassword: PASSPHRASE })).status).toBe(200);
    expect((await login(body.username, PASSPHRASE)).status).toBe(200);
  });

  it('a reset refuses the account’s own e-mail', async () => {
    const { res, body } = await register();
    const token = await resetToken((res.body as { id: number }).id);
    const refused = await t.agent().post('/api/auth/reset-password').send({ token, newPassword: body.email.toUpperCase() });
    expect(refused.body).toEqual({ message: PERSONAL, code: 'PASSWORD_IS_PERSONAL' });
  });

  it('still signs in an account whose password was set under the older, shorter rule', async () => {
    const { res, body } = await register();
    const id = (res.body as { id: number }).id;
    // The hash of a 6-character password, as the old rule let people choose.
    await t.dataSource.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, await hashPassword('cocoa1')]);
    expect((await login(body.username, 'cocoa1')).status).toBe(200);
  });

  it('makes the first admin with a generated password when ADMIN_PASSWORD is a common one', async () => {
    const other = await startTestApp({ ADMIN_USERNAME: 'owner', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'password1' });
    try {
      expect((await other.agent().post('/api/login').send({ username: 'owner', password: 'password1' })).status).toBe(401);
      expect((await other.dataSource.query(`SELECT count(*)::int AS n FROM users WHERE username = 'owner' AND is_admin`))[0].n).toBe(1);
    } finally {
      await other.close();
    }
    // The test app's own admin password is not on the list: it was used.
    expect((await login(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
  });
});
