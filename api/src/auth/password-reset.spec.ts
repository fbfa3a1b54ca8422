import crypto from 'node:crypto';
import { createServer, type Server, type Socket, connect } from 'node:net';
import { useCapturedStdout } from '../test/capture-stdout';
import { startSmtpDouble, type SmtpDouble } from '../test/smtp-double';
import { startTestApp, TEST_ADMIN, type TestApp, useTestApp } from '../test/test-app';
import { UsersService } from './users.service';

const FORGOT_ANSWER = 'If an account exists with this email, you will receive a password reset link.';

/** Polls until `check` answers something, or fails after a few seconds. */
async function eventually<T>(check: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('password reset under abuse', () => {
  // The app logs at info level (to check what a kept mail's line holds), into `stdout.lines`.
  const stdout = useCapturedStdout();
  const t = useTestApp({ LOG_LEVEL: 'info' });
  let n = 0;
  const logged = (from: number, text: string) => stdout.lines.slice(from).filter((l) => l.includes(text));

  const register = async () => {
    n += 1;
    const body = { username: `resetter${n}`, email: `resetter${n}@example.com`, password: `first-pass-${n}` };
    const agent = t.agent();
    const res = await agent.post('/api/register').send(body);
    expect(res.status).toBe(201);
    return { ...body, id: res.body.id as number, agent };
  };
  const mailsTo = async (email: string): Promise<{ id: number; subject: string; body_text: string }[]> => {
    await t.mailWritten();
    // Written out only: a message queued after the answer may land between the two statements.
    return t.dataSource.query('SELECT id, subject, body_text FROM mail_outbox WHERE recipient = $1 AND body_text IS NOT NULL ORDER BY id', [email]);
  };
  const tokenIn = (text: string) => /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  const newMailTo = (email: string, after: number) => eventually(async () => (await mailsTo(email)).find((m) => m.id > after), `a reset mail to ${email}`);
  const lastMailId = async () => Number((await t.dataSource.query('SELECT coalesce(max(id), 0) AS id FROM mail_outbox'))[0].id);

  it('spends no scrypt on a bogus reset token: the token is looked up before the password is hashed', async () => {
    const scrypt = jest.spyOn(crypto, 'scrypt');
    try {
      // The reported attack: 40 bogus tokens in a row.
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++)
        statuses.push(
          (
            await t
              .agent()
              .post('/api/auth/reset-password')
              .send({ token: `bogus-${i}-${'x'.repeat(30)}`, newPassword: 'taken-over-1' })
          ).status,
        );
      expect(statuses).toEqual(Array(40).fill(400));
      expect(scrypt).not.toHaveBeenCalled();

      // A live token is hashed once, and works.
      const user = await register();
      const before = await lastMailId();
      await t.agent().post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
      const token = tokenIn((await newMailTo(user.email, before)).body_text);
      scrypt.mockClear();
      expect((await t.agent().post('/api/auth/reset-password').send({ token, newPassword: 'chosen-pass-1' })).status).toBe(200);
      expect(scrypt).toHaveBeenCalledTimes(1);
    } finally {
      scrypt.mockRestore();
    }
  });

  it('answers forgot-password before it even looks the e-mail up, the same for a known and an unknown one', async () => {
    const user = await register();
    const users = t.app.get(UsersService);
    const lookUp = users.findByEmail.bind(users);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const looked: string[] = [];
    const spy = jest.spyOn(users, 'findByEmail').mockImplementation(async (email) => {
      looked.push(email);
      await gate;
      return lookUp(email);
    });
    try {
      const before = await lastMailId();
      // While no lookup can finish, both are answered, alike (a hang here would fail on the timeout).
      const known = await t.agent().post('/api/auth/forgot-password').send({ email: user.email }).timeout(10_000);
      const unknown = await t.agent().post('/api/auth/forgot-password').send({ email: 'nobody-here@example.com' }).timeout(10_000);
      for (const res of [known, unknown]) {
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ message: FORGOT_ANSWER });
      }
      expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
      expect(await lastMailId()).toBe(before);

      // The work starts once the answers have gone: the lookups, then the mail to the account.
      await eventually(async () => (looked.length === 2 ? true : undefined), 'both lookups');
      expect(looked).toEqual([user.email, 'nobody-here@example.com']);
      open();
      const mail = await newMailTo(user.email, before);
      expect(tokenIn(mail.body_text)).toBeDefined();
    } finally {
      open();
      spy.mockRestore();
    }
  });

  it('never logs a kept message’s body, link or token: recipient and subject only', async () => {
    const user = await register();
    const before = await lastMailId();
    const from = stdout.lines.length;
    await t.agent().post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    const mail = await newMailTo(user.email, before);
    // The queue's worker logs each kept message when it gets to it: an earlier test's may land here too.
    const keptFor = () =>
      logged(from, 'mail kept in the outbox')
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.to === user.email);
    await eventually(async () => (keptFor().length > 0 ? true : undefined), 'the outbox log line');
    const token = tokenIn(mail.body_text) as string;
    expect(token).toBeDefined();
    const kept = keptFor();
    expect(kept).toHaveLength(1);
    expect(Object.keys(kept[0]).sort()).toEqual(['level', 'msg', 'outboxId', 'subject', 'time', 'to']);
    expect(kept[0]).toMatchObject({ outboxId: mail.id, to: user.email, subject: mail.subject });
    const everything = stdout.lines.join('');
    expect(everything).not.toContain(token);
    expect(everything).not.toContain('reset-password?token');
    expect(everything).not.toContain(mail.body_text.split('\n').find((line) => line.includes('reset-password')) as string);
  });

  it('keeps messages for the admin to read at GET /api/mail/outbox, and for nobody else', async () => {
    const user = await register();
    const before = await lastMailId();
    await t.agent().post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    const mail = await newMailTo(user.email, before);

    expect((await t.agent().get('/api/mail/outbox')).status).toBe(401);
    expect((await user.agent.get('/api/mail/outbox')).status).toBe(403);
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const res = await admin.get('/api/mail/outbox');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body[0]).toEqual({
      id: mail.id,
      createdAt: expect.any(String),
      to: user.email,
      subject: mail.subject,
      template: 'password-reset',
      status: expect.stringMatching(/^(queued|sending|kept)$/),
      attempts: expect.any(Number),
      lastError: null,
      sentAt: null,
      hasHtml: true,
      text: mail.body_text,
    });
  });

  it('mails one account at most 5 reset links an hour, answering every request the same', async () => {
    const user = await register();
    const before = await lastMailId();
    const from = stdout.lines.length;
    for (let i = 0; i < 6; i++) {
      const res = await t.agent().post('/api/auth/forgot-password').send({ email: user.email });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: FORGOT_ANSWER });
    }
    await eventually(async () => (logged(from, 'password reset link not mailed').length > 0 ? true : undefined), 'the sixth request to be turned down');
    await eventually(async () => ((await mailsTo(user.email)).filter((m) => m.id > before).length === 5 ? true : undefined), 'five mails');
    expect(logged(from, 'password reset link not mailed')).toHaveLength(1);
  });
});

/**
 * A TCP gate in front of the SMTP double: connections wait, unanswered, until `release()`, then
 * flow through. Nothing can be delivered while it holds.
 */
async function heldSmtp(upstream: SmtpDouble): Promise<{ url: string; held: () => number; release(): void; close(): Promise<void> }> {
  const port = Number(new URL(upstream.url).port);
  const waiting: Socket[] = [];
  const sockets = new Set<Socket>();
  let released = false;
  const pass = (socket: Socket) => {
    const through = connect(port, '127.0.0.1');
    sockets.add(through);
    socket.pipe(through).pipe(socket);
    socket.on('error', () => through.destroy());
    through.on('error', () => socket.destroy());
  };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    if (released) pass(socket);
    else waiting.push(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    held: () => (released ? 0 : waiting.length),
    release() {
      released = true;
      for (const socket of waiting.splice(0)) pass(socket);
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('forgot-password with a slow mail server', () => {
  let smtp: SmtpDouble;
  let gate: Awaited<ReturnType<typeof heldSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpDouble();
    gate = await heldSmtp(smtp);
    t = await startTestApp({ SMTP_URL: gate.url });
  });
  afterAll(async () => {
    gate.release();
    await t.close();
    await gate.close();
    await smtp.close();
  });

  it('answers while the mail is still waiting on the server, then delivers it', async () => {
    await t.agent().post('/api/register').send({ username: 'slowmail', email: 'slow.mail@example.com', password: 'first-pass-1' }).expect(201);
    const events: string[] = [];
    const res = await t.agent().post('/api/auth/forgot-password').send({ email: 'slow.mail@example.com' }).timeout(10_000);
    events.push(`answered ${res.status} with ${smtp.received.length} mail(s) delivered`);
    await eventually(async () => (gate.held() > 0 ? true : undefined), 'the mail to reach the held server');
    events.push(`mail held with ${smtp.received.length} delivered`);
    gate.release();
    const [mail] = await smtp.waitFor(1);
    events.push('mail delivered');
    expect(events).toEqual(['answered 200 with 0 mail(s) delivered', 'mail held with 0 delivered', 'mail delivered']);
    expect(mail.to).toEqual(['slow.mail@example.com']);
  });
});
