import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NEXT_CURSOR_HEADER } from '@cocoa/shared-types';
import { eventually } from '../test/eventually';
import { useSmtpApp } from '../test/smtp-app';
import { startSmtpDouble, type SmtpDouble } from '../test/smtp-double';
import { createPostgresDatabase, startTestApp, TEST_ADMIN, type TestApp } from '../test/test-app';
import { JobsService } from '../jobs/jobs.service';
import { MAIL_DELIVER_JOB, MailService } from './mail.service';
import { renderMail } from './templates';

/** Decodes a quoted-printable body well enough to read links and text. */
const decode = (raw: string) => raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

interface Row {
  id: number;
  recipient: string;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
}
const outboxRow = async (t: TestApp, id: number): Promise<Row | undefined> =>
  (await t.dataSource.query('SELECT id, recipient, status, attempts, last_error, sent_at FROM mail_outbox WHERE id = $1', [id]))[0];
const waitForStatus = (t: TestApp, id: number, status: string, timeoutMs = 15_000) =>
  eventually(
    async () => {
      const row = await outboxRow(t, id);
      return row?.status === status ? row : undefined;
    },
    `message ${id} to be ${status}`,
    timeoutMs,
  );

const ackMail = (to: string, name = 'Ana') => ({ to, template: 'contact-ack' as const, data: { name, subject: 'Hello', message: `A message for ${to}` } });

describe('mail delivery through the job queue (SMTP_URL set)', () => {
  const { smtp, t } = useSmtpApp({ MAIL_FROM: 'Cocoa Shop <shop@cocoa.test>', CONTACT_TO: 'owner@cocoa.test' });
  let mail: MailService;
  beforeAll(() => {
    mail = t.app.get(MailService);
  });
  beforeEach(() => {
    smtp.refusing = false;
  });

  it('delivers the contact message to CONTACT_TO with reply-to the sender, HTML and text parts, and marks both messages sent', async () => {
    const before = smtp.received.length;
    const res = await t
      .agent()
      .post('/api/contact')
      .send({ name: 'Ana Díaz', email: 'ana@example.com', subject: 'Wedding in May', message: 'Can you serve 120 guests?' });
    expect(res.status).toBe(200);
    const mails = (await smtp.waitFor(before + 2)).slice(before);
    const toShop = mails.find((m) => m.to[0] === 'owner@cocoa.test');
    const toSender = mails.find((m) => m.to[0] === 'ana@example.com');
    expect(toShop?.from).toBe('shop@cocoa.test');
    expect(toShop?.data).toMatch(/^Subject: .*Wedding in May\r$/m);
    expect(toShop?.data).toMatch(/^Reply-To: .*<ana@example\.com>\r$/m);
    expect(toShop?.data).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(toShop?.data).toMatch(/^Content-Type: text\/plain/m);
    expect(toShop?.data).toMatch(/^Content-Type: text\/html/m);
    expect(decode(toShop?.data ?? '')).toContain('Can you serve 120 guests?');
    expect(toSender).toBeDefined();
    const rows: Row[] = await eventually(async () => {
      const all: Row[] = await t.dataSource.query('SELECT id, recipient, status, attempts, last_error, sent_at FROM mail_outbox ORDER BY id');
      return all.every((r) => r.status === 'sent') ? all : undefined;
    }, 'both messages marked sent');
    expect(rows.map((r) => ({ to: r.recipient, attempts: r.attempts, error: r.last_error, sent: r.sent_at instanceof Date }))).toEqual([
      { to: 'owner@cocoa.test', attempts: 1, error: null, sent: true },
      { to: 'ana@example.com', attempts: 1, error: null, sent: true },
    ]);
  });

  it('delivers the password reset link, and the link works', async () => {
    await t.agent().post('/api/register').send({ username: 'smtpuser', email: 'smtp.user@example.com', password: 'first-pass' }).expect(201);
    const before = smtp.received.length;
    const res = await t.agent().post('/api/auth/forgot-password').send({ email: 'SMTP.User@example.com' });
    expect(res.status).toBe(200);
    const mails = await smtp.waitFor(before + 1);
    const sent = mails[before];
    expect(sent.to).toEqual(['smtp.user@example.com']);
    const token = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(decode(sent.data))?.[1];
    expect(token).toBeDefined();
    await t.agent().post('/api/auth/reset-password').send({ token, newPassword: 'second-pass' }).expect(200);
    await t.agent().post('/api/login').send({ username: 'smtpuser', password: 'second-pass' }).expect(200);
  });

  it('queues a message as its template and data; its delivery writes it out once, as the template renders it', async () => {
    const id = (await mail.queue(ackMail('queued@example.com', 'Zoë')))!;
    const [queued] = await t.dataSource.query('SELECT template, data FROM mail_outbox WHERE id = $1', [id]);
    expect(queued).toEqual({ template: 'contact-ack', data: ackMail('queued@example.com', 'Zoë').data });
    await waitForStatus(t, id, 'sent');
    const [sent] = await t.dataSource.query('SELECT subject, body_text, body_html FROM mail_outbox WHERE id = $1', [id]);
    const rendered = await renderMail(ackMail('queued@example.com', 'Zoë'), await mail.identity());
    expect(sent).toEqual({ subject: rendered.subject, body_text: rendered.text, body_html: rendered.html });
    const delivered = smtp.received.find((m) => m.to[0] === 'queued@example.com');
    expect(delivered?.data).toMatch(new RegExp(`^Subject: ${rendered.subject}\\r$`, 'm'));
    // The admin's list shows what was sent.
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const listed = (await admin.get('/api/mail/outbox').query({ limit: 100 })).body.find((m: { id: number }) => m.id === id);
    expect(listed).toMatchObject({ subject: rendered.subject, text: rendered.text, hasHtml: true });
  });

  it('gives a message that lost its delivery job (the process stopped after the commit) one job, and sends it once', async () => {
    const [lost] = await t.dataSource.query(
      `INSERT INTO mail_outbox (recipient, template, data, status, created_at) VALUES ('lost@example.com', 'contact-ack', $1, 'queued', now() - interval '10 minutes') RETURNING id`,
      [JSON.stringify({ name: 'Lou' })],
    );
    expect(await mail.sweep()).toBe(1);
    await mail.sweep(); // a second sweep before the job ran adds none
    const jobs = await t.dataSource.query(`SELECT id FROM pgboss.job WHERE name = $1 AND data->>'outboxId' = $2`, [MAIL_DELIVER_JOB, String(lost.id)]);
    expect(jobs).toHaveLength(1);
    await waitForStatus(t, lost.id, 'sent');
    expect(smtp.received.filter((m) => m.to[0] === 'lost@example.com')).toHaveLength(1);
    expect(await mail.sweep()).toBe(0);
  });

  it('a second job for a message another attempt is sending leaves it alone; only a retry takes it over', async () => {
    const [taken] = await t.dataSource.query(
      `INSERT INTO mail_outbox (recipient, template, data, status, attempts) VALUES ('taken@example.com', 'contact-ack', $1, 'sending', 1) RETURNING id`,
      [JSON.stringify({ name: 'Tam' })],
    );
    const jobId = await t.app.get(JobsService).send(MAIL_DELIVER_JOB, { outboxId: taken.id });
    await eventually(async () => {
      const [job] = await t.dataSource.query(`SELECT state FROM pgboss.job WHERE id = $1`, [jobId]);
      return job?.state === 'completed' ? job : undefined;
    }, 'the second job to run');
    expect(await outboxRow(t, taken.id)).toMatchObject({ status: 'sending', attempts: 1 });
    expect(smtp.received.some((m) => m.to[0] === 'taken@example.com')).toBe(false);
  });

  it('sends nothing for a message whose transaction rolled back: neither its outbox row nor its job exists', async () => {
    const attempts = smtp.attempts.length;
    let id = 0;
    await expect(
      t.dataSource.transaction(async (m) => {
        id = (await mail.queue(ackMail('rolled.back@example.com'), m))!;
        throw new Error('the order failed after its mail was queued');
      }),
    ).rejects.toThrow('the order failed');
    expect(id).toBeGreaterThan(0);
    expect(await outboxRow(t, id)).toBeUndefined();
    expect(await t.dataSource.query(`SELECT id FROM pgboss.job WHERE name = 'mail.deliver' AND data->>'outboxId' = $1`, [String(id)])).toEqual([]);
    // Several polling rounds of the mail worker later, the server has still heard nothing.
    const committed = (await mail.queue(ackMail('committed@example.com')))!;
    await waitForStatus(t, committed, 'sent');
    await new Promise((r) => setTimeout(r, 2_500));
    expect(smtp.attempts.length).toBe(attempts + 1);
    expect(smtp.received.some((r) => r.to.includes('rolled.back@example.com'))).toBe(false);
  });

  it('retries a refused message with growing waits, marks it failed with the reason, and sends it once when the admin retries', async () => {
    mail.retryPolicy = { retryLimit: 2, retryDelay: 1, retryDelayMax: 10 };
    smtp.refusing = true;
    const from = smtp.attempts.length;
    const id = (await mail.queue(ackMail('busy.server@example.com')))!;
    const failed = await waitForStatus(t, id, 'failed', 30_000);
    const tries = smtp.attempts.slice(from);
    expect(tries).toHaveLength(3);
    expect(failed.attempts).toBe(3);
    expect(failed.last_error).toMatch(/451 4\.3\.0 mail system busy/);
    expect(failed.sent_at).toBeNull();
    // Backoff: about retryDelay before the first retry, about twice that before the second (pg-boss adds up to as much again).
    expect(tries[1] - tries[0]).toBeGreaterThanOrEqual(900);
    expect(tries[2] - tries[1]).toBeGreaterThanOrEqual(1_900);

    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const list = await admin.get('/api/mail/outbox').query({ status: 'failed' });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({ id, to: 'busy.server@example.com', status: 'failed', attempts: 3, lastError: failed.last_error, sentAt: null, hasHtml: true }),
    ]);

    smtp.refusing = false;
    const received = smtp.received.length;
    const retried = await admin.post(`/api/mail/outbox/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id, status: 'queued' });
    const sent = await waitForStatus(t, id, 'sent');
    expect(sent.attempts).toBe(4);
    expect(sent.last_error).toBeNull();
    await smtp.waitFor(received + 1);
    expect(smtp.received.slice(received).map((r) => r.to)).toEqual([['busy.server@example.com']]);

    // A sent message is never sent twice; unknown and malformed ids are told apart.
    const again = await admin.post(`/api/mail/outbox/${id}/retry`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only a failed message can be sent again; this one is sent');
    expect((await admin.post('/api/mail/outbox/999999/retry')).status).toBe(404);
    for (const bad of ['abc', '1e3', '-1', '99999999999']) expect((await admin.post(`/api/mail/outbox/${bad}/retry`)).status).toBe(400);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(smtp.received.length).toBe(received + 1);
  });

  it('lists the outbox newest first, by page and by status, for the admin only', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await mail.queue(ackMail(`page${i}@example.com`)))!);
    await waitForStatus(t, ids[2], 'sent');
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const first = await admin.get('/api/mail/outbox').query({ limit: 2 });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body.map((m: { id: number }) => m.id)).toEqual([ids[2], ids[1]]);
    const cursor = first.headers[NEXT_CURSOR_HEADER.toLowerCase()];
    expect(cursor).toBe(String(ids[1]));
    const second = await admin.get('/api/mail/outbox').query({ limit: 2, cursor });
    expect(second.body[0].id).toBe(ids[0]);
    const sentOnly = await admin.get('/api/mail/outbox').query({ status: 'sent', limit: 100 });
    expect(sentOnly.body.length).toBeGreaterThan(3);
    expect(new Set(sentOnly.body.map((m: { status: string }) => m.status))).toEqual(new Set(['sent']));
    for (const query of [{ status: 'lost' }, { limit: 0 }, { limit: 101 }, { cursor: 'x' }, { other: 1 }]) {
      const res = await admin.get('/api/mail/outbox').query(query);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await t.agent().get('/api/mail/outbox')).status).toBe(401);
    expect((await t.agent().post(`/api/mail/outbox/${ids[0]}/retry`)).status).toBe(401);
    await t.agent().post('/api/register').send({ username: 'plainuser', email: 'plain@example.com', password: 'plain-pass' }).expect(201);
    const customer = await t.signedIn('plainuser', 'plain-pass');
    expect((await customer.get('/api/mail/outbox')).status).toBe(403);
    expect((await customer.post(`/api/mail/outbox/${ids[0]}/retry`)).status).toBe(403);
  });
});

describe('mail delivery across a restart', () => {
  let smtp: SmtpDouble;
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  beforeAll(async () => {
    smtp = await startSmtpDouble();
    dataDir = mkdtempSync(join(tmpdir(), 'cocoa-restart-'));
    database = process.env.TEST_DB === 'postgres' ? await createPostgresDatabase() : undefined;
  });
  afterAll(async () => {
    await smtp.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  // The same database for both runs: the data folder (PGlite), or one PostgreSQL database.
  const start = () => startTestApp({ SMTP_URL: smtp.url, DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) });

  it('delivers, after the app is stopped and started again, a message whose retry was still waiting', async () => {
    smtp.refusing = true;
    const first = await start();
    let id: number;
    try {
      first.app.get(MailService).retryPolicy = { retryLimit: 3, retryDelay: 2, retryDelayMax: 10 };
      id = (await first.app.get(MailService).queue(ackMail('after.restart@example.com')))!;
      const waiting = await eventually(async () => {
        const row = await outboxRow(first, id);
        return row?.attempts === 1 && row.status === 'queued' ? row : undefined;
      }, 'the first refused attempt');
      expect(waiting.last_error).toMatch(/451/);
    } finally {
      await first.close();
    }
    smtp.refusing = false;
    const second = await start();
    try {
      const sent = await waitForStatus(second, id, 'sent', 30_000);
      expect(sent.attempts).toBe(2);
      expect(smtp.received.map((r) => r.to)).toEqual([['after.restart@example.com']]);
    } finally {
      await second.close();
    }
  });
});
