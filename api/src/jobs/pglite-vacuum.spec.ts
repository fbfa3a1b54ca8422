import { DB_POOL, type DatabasePool } from '../database-pool/database-pool';
import { eventually } from '../test/eventually';
import { useTestApp } from '../test/test-app';
import { JobsService } from './jobs.service';
import { PGLITE_VACUUM_JOB } from './pglite-vacuum.service';

/** Runs on the suite's database: PGlite (no autovacuum: the job does it) or PostgreSQL (autovacuum does). */
describe('the embedded database’s nightly VACUUM', () => {
  const t = useTestApp();

  const ordersStats = () =>
    t.dataSource.query<Array<{ last_vacuum: Date | null; last_analyze: Date | null }>>(
      `SELECT last_vacuum, last_analyze FROM pg_stat_user_tables WHERE relname = 'orders'`,
    );

  it('is scheduled every night at 04:30 in the shop’s zone on PGlite, and vacuums and analyses the tables when it runs; nothing is scheduled on PostgreSQL', async () => {
    const { kind } = t.app.get<DatabasePool>(DB_POOL);
    const schedules = await t.dataSource.query<unknown[]>(`SELECT cron, timezone FROM pgboss.schedule WHERE name = $1`, [PGLITE_VACUUM_JOB]);
    if (kind === 'postgres') {
      expect(schedules).toEqual([]);
      return;
    }
    expect(schedules).toEqual([{ cron: '30 4 * * *', timezone: 'America/Chicago' }]);
    const [before] = await ordersStats();
    await t.app.get(JobsService).send(PGLITE_VACUUM_JOB, {});
    const after = await eventually(
      async () => {
        const [now] = await ordersStats();
        return now.last_vacuum && String(now.last_vacuum) !== String(before.last_vacuum) ? now : undefined;
      },
      'the vacuum job',
      20_000,
    );
    expect(after.last_analyze).not.toBeNull();
  });
});
