import type { Response } from 'supertest';
import { RATE_LIMIT_MAX_DEFAULT } from '../config/config.schema';
import { type TestApp, useTestApp } from '../test/test-app';
import { ACCOUNT_ATTEMPT_LIMIT, ACCOUNT_FREE_FAILURES } from './login-throttle.service';
import { hashPassword } from './password.hasher';

const VENUE = '198.51.100.20';
const PASSWORD = 'right-pass-1';

/** Every 429 carries Retry-After: whole seconds, at least 1. */
function retryAfter(res: Response): number {
  expect(res.status).toBe(429);
  expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  return Number(res.headers['retry-after']);
}

/**
 * Wrong passwords (docs/operations.md, "Rate limits"): counted per account across all addresses (slowed, then 429
 * with Retry-After well before 30) and per address (a high ceiling); correct sign-ins never count.
 * Run with the production ceiling (RATE_LIMIT_MAX's default), behind a trusted proxy that reports
 * each client's address in X-Forwarded-For. On PGlite this is rate-limiter-flexible's PostgreSQL
 * store running over our PGlitePool (the same queries, one session); on PostgreSQL over pg's Pool.
 */
describe('sign-in limits', () => {
  const t = useTestApp({ TRUST_PROXY: 'true', RATE_LIMIT_MAX: String(RATE_LIMIT_MAX_DEFAULT) });
  let passwordHash: string;
  beforeAll(async () => {
    passwordHash = await hashPassword(PASSWORD);
  });

  /** Accounts with the password PASSWORD, made directly (one hash for all, to keep the test quick). */
  const accounts = async (prefix: string, count: number): Promise<{ id: number; username: string; email: string }[]> => {
    const made: { id: number; username: string; email: string }[] = [];
    for (let i = 1; i <= count; i++) {
      const [row] = await t.dataSource.query(`INSERT INTO users (username, email, password_hash) VALUES ($1, $2, $3) RETURNING id, username, email`, [
        `${prefix}${i}`,
        `${prefix}${i}@example.com`,
        passwordHash,
      ]);
      made.push(row);
    }
    return made;
  };
  const signIn = (address: string, username: string, password: string) =>
    t.agent().set('X-Forwarded-For', address).post('/api/login').send({ username, password });

  it('lets 100 customers signing in correctly from one address all in, whatever others there get wrong', async () => {
    const [guesser, ...typoists] = await accounts('venue-other', 4);
    // One person at the venue guesses 30 times at an account; three others mistype once.
    const guesses: number[] = [];
    for (let i = 0; i < 30; i++) guesses.push((await signIn(VENUE, guesser.username, `guess-${i}`)).status);
    expect(guesses.filter((s) => s === 401).length).toBeLessThanOrEqual(ACCOUNT_ATTEMPT_LIMIT);
    expect(guesses.slice(-1)).toEqual([429]);
    for (const person of typoists) {
      expect((await signIn(VENUE, person.username, 'typo-pass')).status).toBe(401);
      expect((await signIn(VENUE, person.username, PASSWORD)).status).toBe(200);
    }

    // The venue's 100 customers, a few at a time (within minutes at an event).
    const customers = await accounts('venue-customer', 100);
    const statuses: number[] = [];
    for (let i = 0; i < customers.length; i += 4) {
      const batch = customers.slice(i, i + 4);
      const answers = await Promise.all(batch.map((c) => signIn(VENUE, c.username, PASSWORD)));
      answers.forEach((res, j) => {
        statuses.push(res.status);
        if (res.status === 200) expect(res.body.username).toBe(batch[j].username);
      });
    }
    expect(statuses).toEqual(customers.map(() => 200));
    // Signing in again still works: successes were never counted against the address.
    expect((await signIn(VENUE, customers[0].username, PASSWORD)).status).toBe(200);
    // Only the guessed-at account is refused, even with its right password.
    const refused = await signIn(VENUE, guesser.username, PASSWORD);
    expect(retryAfter(refused)).toBeGreaterThan(60);
  }, 120_000);

  it('answers each of several sign-ins arriving at the same moment as its own', async () => {
    const people = await accounts('together', 6);
    const answers = await Promise.all(people.map((p, i) => signIn(VENUE, p.username, i % 2 ? PASSWORD : 'wrong-pass-1').timeout(20_000)));
    expect(answers.map((res) => [res.status, res.body.username])).toEqual(people.map((p, i) => (i % 2 ? [200, p.username] : [401, undefined])));
  });

  it('slows 30 wrong passwords for one account, sent from 30 addresses, then refuses them', async () => {
    const [target, bystander] = await accounts('target', 2);
    const seen: { status: number; wait?: number; message: string }[] = [];
    let waited = false;
    for (let i = 0; i < 30; i++) {
      const res = await signIn(`203.0.113.${i + 1}`, target.username, `wrong-${i}`);
      const wait = res.status === 429 ? retryAfter(res) : undefined;
      seen.push({ status: res.status, wait, message: res.body.message });
      // Someone who waits as asked the first time is heard again.
      if (wait !== undefined && !waited) {
        waited = true;
        await new Promise((r) => setTimeout(r, wait * 1000 + 300));
      }
    }
    const statuses = seen.map((s) => s.status);
    // Answered at once: the free failures and the one that starts the waits.
    expect(statuses.slice(0, ACCOUNT_FREE_FAILURES + 1)).toEqual(Array(ACCOUNT_FREE_FAILURES + 1).fill(401));
    // Slowed: a short wait, then heard again after it, then a longer wait.
    const firstWait = seen[ACCOUNT_FREE_FAILURES + 1];
    expect(firstWait.status).toBe(429);
    expect(firstWait.wait).toBeLessThanOrEqual(2);
    expect(firstWait.message).toMatch(/^Too many failed attempts for this account\. Please try again in \d+ seconds?, or reset your password\.$/);
    expect(statuses[ACCOUNT_FREE_FAILURES + 2]).toBe(401);
    const secondWait = seen[ACCOUNT_FREE_FAILURES + 3];
    expect(secondWait.status).toBe(429);
    expect(secondWait.wait).toBeGreaterThan(firstWait.wait as number);
    expect(secondWait.wait).toBeLessThan(60);
    // Refused: past the account's attempts, a quarter of an hour, to the end.
    expect(statuses.filter((s) => s === 401).length).toBeLessThan(ACCOUNT_ATTEMPT_LIMIT);
    const refusedFrom = seen.findIndex((s) => (s.wait ?? 0) >= 600);
    expect(refusedFrom).toBeGreaterThan(0);
    expect(refusedFrom).toBeLessThanOrEqual(ACCOUNT_ATTEMPT_LIMIT);
    for (const later of seen.slice(refusedFrom)) {
      expect(later.status).toBe(429);
      expect(later.wait).toBeGreaterThanOrEqual(600);
      expect(later.wait).toBeLessThanOrEqual(900);
      expect(later.message).toMatch(/Please try again in 1[0-5] minutes, or reset your password\.$/);
    }
    // The right password does not get through either (a refusal says nothing about the guess) ...
    expect(retryAfter(await signIn('192.0.2.99', target.username, PASSWORD))).toBeGreaterThanOrEqual(600);
    // ... while other accounts at those addresses are not affected.
    expect((await signIn('203.0.113.1', bystander.username, PASSWORD)).status).toBe(200);

    // Its owner proves who they are by e-mail: the reset lifts the refusal.
    expect((await t.agent().post('/api/auth/forgot-password').send({ email: target.email })).status).toBe(200);
    const token = await resetToken(t, target.email);
    expect((await t.agent().post('/api/auth/reset-password').send({ token, newPassword: 'after-reset-1' })).status).toBe(200);
    expect((await signIn('192.0.2.99', target.username, 'after-reset-1')).status).toBe(200);
  });

  it('counts an unknown user name like an account, so the limits do not tell who has one', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_ATTEMPT_LIMIT + 2; i++) statuses.push((await signIn(`192.0.2.${i + 1}`, 'nobody-by-this-name', `wrong-${i}`)).status);
    expect(statuses.slice(0, ACCOUNT_FREE_FAILURES + 1)).toEqual(Array(ACCOUNT_FREE_FAILURES + 1).fill(401));
    expect(statuses.slice(-1)).toEqual([429]);
  });

  it('limits wrong current passwords of a password change: 25 in a row are not all answered', async () => {
    const [owner] = await accounts('changer', 1);
    const session = t.agent().set('X-Forwarded-For', '192.0.2.50');
    expect((await session.post('/api/login').send({ username: owner.username, password: PASSWORD })).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await session.patch(`/api/users/${owner.id}/password`).send({ currentPassword: `not-it-${i}`, newPassword: 'stolen-pass-1' });
      statuses.push(res.status);
      if (res.status === 429) retryAfter(res);
    }
    expect(statuses.slice(0, ACCOUNT_FREE_FAILURES + 1)).toEqual(Array(ACCOUNT_FREE_FAILURES + 1).fill(400));
    expect(statuses.slice(ACCOUNT_FREE_FAILURES + 1)).toEqual(Array(25 - ACCOUNT_FREE_FAILURES - 1).fill(429));
    // Refused even with the right one, and the password is unchanged; the session itself stays.
    const right = await session.patch(`/api/users/${owner.id}/password`).send({ currentPassword: PASSWORD, newPassword: 'stolen-pass-1' });
    expect(retryAfter(right)).toBeGreaterThanOrEqual(600);
    expect((await session.get('/api/user')).status).toBe(200);
    // The same account cannot be guessed at through sign-in meanwhile either: the counts are shared.
    expect(retryAfter(await signIn('192.0.2.51', owner.username, 'another-guess'))).toBeGreaterThanOrEqual(600);
  });
});

/** The token of the newest reset mail to `email` (mailed in the background after the answer). */
async function resetToken(t: TestApp, email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await t.mailWritten();
    const rows: { body_text: string }[] = await t.dataSource.query('SELECT body_text FROM mail_outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1', [email]);
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(rows[0]?.body_text ?? '')?.[1];
    if (token) return token;
    if (Date.now() > deadline) throw new Error(`no reset mail for ${email}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
