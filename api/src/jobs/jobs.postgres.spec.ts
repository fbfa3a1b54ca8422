import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CALENDAR_POLL_JOB } from '../events/calendar.service';
import { MailService } from '../mail/mail.service';
import { eventually } from '../test/eventually';
import { corpusText } from '../test/feed-corpus';
import { startSmtpDouble, type SmtpDouble } from '../test/smtp-double';
import { createPostgresDatabase, startTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import { JobsService } from './jobs.service';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Two replicas (two whole apps) on one PostgreSQL database, started together on a fresh database:
 * what the job queue promises across replicas. PGlite is one process, so this runs on PostgreSQL only.
 */
describe('the job queue on two replicas of one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let smtp: SmtpDouble;
  let feed: Server;
  let feedUrl = '';
  let feedFetches = 0;
  let replicas: [TestApp, TestApp];

  beforeAll(async () => {
    smtp = await startSmtpDouble();
    feed = createServer((_req, res) => {
      feedFetches += 1;
      res.writeHead(200, { 'Content-Type': 'text/calendar' }).end(corpusText('facebook-event.ics'));
    });
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/events.ics`;
    database = await createPostgresDatabase();
    const env = { DATABASE_URL: database.url, SMTP_URL: smtp.url, OUTBOUND_ALLOWLIST: '127.0.0.1' };
    replicas = await Promise.all<[Promise<TestApp>, Promise<TestApp>]>([startTestApp(env), startTestApp(env)]);
  });
  afterAll(async () => {
    await Promise.all(replicas?.map((r) => r.close()) ?? []);
    await database?.drop();
    await smtp.close();
    await new Promise<void>((resolve) => feed.close(() => resolve()));
  });

  it('handles each of 50 jobs exactly once, on both replicas', async () => {
    const handled: Array<{ replica: number; n: number }> = [];
    await Promise.all(
      replicas.map((r, replica) =>
        r.app.get(JobsService).work<{ n: number }>(
          'test.count',
          async (job) => {
            handled.push({ replica, n: job.data.n });
            await sleep(50); // long enough for the other replica to poll while this one works
          },
          { pollingIntervalSeconds: 0.5 },
        ),
      ),
    );
    for (let n = 0; n < 50; n++) await replicas[n % 2].app.get(JobsService).send('test.count', { n });
    await eventually(async () => (handled.length >= 50 ? true : undefined), '50 jobs handled', 30_000);
    await sleep(2_000); // a job handled twice would show up here
    expect(handled.map((h) => h.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, n) => n));
    expect(new Set(handled.map((h) => h.replica))).toEqual(new Set([0, 1]));
  });

  it('delivers each of 50 queued e-mails exactly once and records each as sent once', async () => {
    const before = smtp.received.length;
    const ids: number[] = [];
    for (let n = 0; n < 50; n++) {
      ids.push((await replicas[n % 2].app.get(MailService).queue({ to: `guest${n}@example.com`, template: 'contact-ack', data: { name: `Guest ${n}` } }))!);
    }
    await smtp.waitFor(before + 50, 30_000);
    await sleep(2_500);
    const recipients = smtp.received.slice(before).map((m) => m.to.join());
    expect(recipients.sort()).toEqual(Array.from({ length: 50 }, (_, n) => `guest${n}@example.com`).sort());
    const rows: Array<{ status: string; attempts: number }> = await replicas[0].dataSource.query(
      'SELECT status, attempts FROM mail_outbox WHERE id = ANY($1) ',
      [ids],
    );
    expect(rows).toHaveLength(50);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('runs a schedule, and the calendar feed poll, once per period whichever replicas run (about two minutes)', async () => {
    const admin = await replicas[0].signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    expect((await admin.post('/api/events/calendar/add-custom').send({ calendarId: feedUrl, name: 'Feed' })).status).toBe(200);
    const fetchesAtAdd = feedFetches;
    expect(fetchesAtAdd).toBe(1);

    const ticks: number[] = [];
    await Promise.all(
      replicas.map(async (r, replica) => {
        const queue = r.app.get(JobsService);
        await queue.work('test.tick', async () => void ticks.push(replica), { pollingIntervalSeconds: 0.5 });
        // Every replica declares the same schedules at start, as the calendar does outside tests.
        await queue.schedule('test.tick', '* * * * *');
        await queue.schedule(CALENDAR_POLL_JOB, '* * * * *');
      }),
    );
    await eventually(async () => (ticks.length >= 2 && feedFetches - fetchesAtAdd >= 2 ? true : undefined), 'two periods of the schedule', 150_000);
    await sleep(5_000);
    expect(ticks).toHaveLength(2);
    // Each occurrence was forwarded once, filed under its own minute: two minutes, a minute apart.
    const slots: Array<{ slot: string }> = await replicas[0].dataSource.query(
      `SELECT data->>'slot' AS slot FROM pgboss.job WHERE name = '__pgboss__send-it' AND data->>'name' = 'test.tick' ORDER BY 1`,
    );
    expect(slots).toHaveLength(2);
    expect(Date.parse(`${slots[1].slot}Z`) - Date.parse(`${slots[0].slot}Z`)).toBe(60_000);
    expect(feedFetches - fetchesAtAdd).toBe(2);
    const [calendar] = await replicas[1].dataSource.query('SELECT last_synced_at, last_error FROM calendars');
    expect(calendar.last_error).toBeNull();
    expect(new Date(calendar.last_synced_at).getTime()).toBeGreaterThan(Date.now() - 70_000);
  }, 200_000);
});
