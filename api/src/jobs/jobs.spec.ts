import { eventually } from '../test/eventually';
import { serviceOf, startTestApp, useTestApp } from '../test/test-app';
import { type JobRun, JobsService } from './jobs.service';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** JobsService on the database the suite runs on (PGlite through our pool, or PostgreSQL). */
describe('the job queue', () => {
  const t = useTestApp();
  const jobs = serviceOf(t, JobsService);

  it("writes a job in the caller's transaction: rolled back it never runs, committed it runs once", async () => {
    const seen: string[] = [];
    await jobs.work<{ label: string }>('test.transactional', async (job) => void seen.push(job.data.label), { pollingIntervalSeconds: 0.5 });
    await expect(
      t.dataSource.transaction(async (m) => {
        await jobs.send('test.transactional', { label: 'rolled back' }, { manager: m });
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    await t.dataSource.transaction(async (m) => {
      await jobs.send('test.transactional', { label: 'committed' }, { manager: m });
      // Inside the transaction the job is not there for anyone else yet.
      await sleep(1_200);
      expect(seen).toEqual([]);
    });
    await eventually(async () => (seen.length > 0 ? true : undefined), 'the committed job');
    await sleep(1_500);
    expect(seen).toEqual(['committed']);
  });

  it('wakes an idle worker when a job is written, in a transaction or not, without waiting for its next look', async () => {
    const ran: string[] = [];
    // This worker looks for jobs every 30 s at the most: within the 10 s of `eventually`, only a wake-up runs them.
    await jobs.work<{ label: string }>('test.woken', async (job) => void ran.push(job.data.label), { pollingIntervalSeconds: 30 });
    await sleep(1_000);
    await jobs.send('test.woken', { label: 'alone' });
    await eventually(async () => (ran.includes('alone') ? true : undefined), 'the job sent alone', 10_000);
    await t.dataSource.transaction((m) => jobs.send('test.woken', { label: 'in a transaction' }, { manager: m }));
    await eventually(async () => (ran.includes('in a transaction') ? true : undefined), 'the job sent in a transaction', 10_000);
  });

  it('runs a job no sooner than its startAfter', async () => {
    const ran: number[] = [];
    await jobs.work('test.later', async () => void ran.push(Date.now()), { pollingIntervalSeconds: 0.5 });
    const sent = Date.now();
    await jobs.send('test.later', {}, { startAfter: new Date(sent + 2_000) });
    await eventually(async () => (ran.length > 0 ? true : undefined), 'the deferred job');
    expect(ran[0] - sent).toBeGreaterThanOrEqual(1_900);
  });

  it('retries a handler that throws, telling it which attempt is the last', async () => {
    const runs: Array<Pick<JobRun<unknown>, 'attempt' | 'lastAttempt'>> = [];
    await jobs.work(
      'test.flaky',
      async (job) => {
        runs.push({ attempt: job.attempt, lastAttempt: job.lastAttempt });
        throw new Error('not yet');
      },
      { pollingIntervalSeconds: 0.5, retryLimit: 2, retryDelay: 1 },
    );
    await jobs.send('test.flaky', {});
    await eventually(async () => (runs.length >= 3 ? true : undefined), 'three attempts', 20_000);
    await sleep(2_500);
    expect(runs).toEqual([
      { attempt: 1, lastAttempt: false },
      { attempt: 2, lastAttempt: false },
      { attempt: 3, lastAttempt: true },
    ]);
    const [job] = await t.dataSource.query(`SELECT state, output FROM pgboss.job WHERE name = 'test.flaky'`);
    expect(job.state).toBe('failed');
    // Only the message is kept with the job (an error object may carry personal data).
    expect(Object.keys(job.output as object).sort()).toEqual(['message', 'name', 'stack']);
  });

  it('refuses a second worker for the same queue in one process', async () => {
    await expect(jobs.work('test.transactional', async () => undefined)).rejects.toThrow('A worker for test.transactional is already registered');
  });
});

describe('stopping the job queue', () => {
  it('lets a handler under way finish before the app closes', async () => {
    const t = await startTestApp();
    const events: string[] = [];
    const jobs = t.app.get(JobsService);
    await jobs.work(
      'test.slow',
      async () => {
        events.push('started');
        await sleep(1_500);
        events.push('finished');
      },
      { pollingIntervalSeconds: 0.5 },
    );
    await jobs.send('test.slow', {});
    await eventually(async () => (events.includes('started') ? true : undefined), 'the slow job to start');
    await t.close();
    events.push('closed');
    expect(events).toEqual(['started', 'finished', 'closed']);
  });
});
