import { createPostgresDatabase, startTestApp, type TestApp } from '../test/test-app';
import { migrations } from './migrations';

/** `docker compose up --scale api=3` on a fresh database: every replica starts, each migration runs once. */
describe('replicas starting together on a fresh PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const replicas: TestApp[] = [];
  beforeAll(async () => {
    database = await createPostgresDatabase();
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    await database.drop();
  });

  it('all come up, having run each migration exactly once and seeded once', async () => {
    const started = await Promise.allSettled([1, 2, 3].map(() => startTestApp({ DATABASE_URL: database.url })));
    for (const result of started) if (result.status === 'fulfilled') replicas.push(result.value);
    expect(started.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started'))).toEqual(['started', 'started', 'started']);

    const ran: Array<{ name: string }> = await replicas[0].dataSource.query('SELECT name FROM migrations ORDER BY id');
    expect(ran.map((m) => m.name)).toEqual(migrations.map((m) => m.name));
    const categories: Array<{ n: string }> = await replicas[0].dataSource.query('SELECT count(*) AS n FROM categories');
    expect(Number(categories[0].n)).toBe(3);
    for (const replica of replicas) expect((await replica.agent().get('/api/ready')).status).toBe(200);
  });
});
