import { startTestApp, type TestApp } from '../test/test-app';
import { ACCOUNT_FREE_FAILURES } from './login-throttle.service';
import { hashPassword } from './password.hasher';

/**
 * Two replicas on one PostgreSQL database (PGlite is one process, so this runs on PostgreSQL only)
 * count in the same table: alternating between them gives no one extra tries.
 */
describe('replicas share the rate-limit counts', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const env = { TRUST_PROXY: 'true', RATE_LIMIT_MAX: '4' };
    first = await startTestApp(env);
    second = await startTestApp({ ...env, DATABASE_URL: first.config.DATABASE_URL as string });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });
  const replica = (i: number) => (i % 2 === 0 ? first : second);

  it('slows and refuses wrong passwords for one account at the same attempt, whichever replica answers', async () => {
    await first.dataSource.query(`INSERT INTO users (username, email, password_hash) VALUES ('shared-target', 'shared-target@example.com', $1)`, [
      await hashPassword('right-pass-1'),
    ]);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // A new address each time: only the account's own count can stop this.
      const res = await replica(i)
        .agent()
        .set('X-Forwarded-For', `203.0.113.${i + 1}`)
        .post('/api/login')
        .send({ username: 'shared-target', password: `wrong-${i}` });
      statuses.push(res.status);
      if (res.status === 429) expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    }
    // On one replica: the free failures and the one that starts the waits, then 429s. Alternating
    // between two replicas with counts of their own would have answered twice as many.
    expect(statuses).toEqual([...Array(ACCOUNT_FREE_FAILURES + 1).fill(401), ...Array(12 - ACCOUNT_FREE_FAILURES - 1).fill(429)]);
  });

  it('refuses an address past its ceiling on both replicas', async () => {
    const message = { name: 'Ana', email: 'ana@example.com', subject: 'Hello', message: 'Two replicas, one count.' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await replica(i).agent().set('X-Forwarded-For', '198.51.100.30').post('/api/contact').send(message)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    // Another address is not affected, on either replica.
    expect((await first.agent().set('X-Forwarded-For', '198.51.100.31').post('/api/contact').send(message)).status).toBe(200);
    expect((await second.agent().set('X-Forwarded-For', '198.51.100.32').post('/api/contact').send(message)).status).toBe(200);
  });
});
