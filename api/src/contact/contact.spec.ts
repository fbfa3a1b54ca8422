import { captureStdout } from '../test/capture-stdout';
import { eventually } from '../test/eventually';
import { startTestApp, type TestApp } from '../test/test-app';

describe('POST /api/contact', () => {
  let t: TestApp;
  let stdout: ReturnType<typeof captureStdout>;
  beforeAll(async () => {
    stdout = captureStdout();
    t = await startTestApp({ CONTACT_TO: 'owner@cocoa.test', LOG_LEVEL: 'info' });
  });
  afterAll(async () => {
    stdout.restore();
    await t.close();
  });

  const count = async (table: string) => Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);
  const valid = { name: 'Ana Díaz', email: 'ana@example.com', subject: 'Wedding booking', message: 'Can you serve hot cocoa for 120 guests on 12 May?' };

  it("stores the message, mails it to CONTACT_TO and answers { message: 'Message sent' }", async () => {
    const res = await t.agent().post('/api/contact').send({ ...valid, name: '  Ana Díaz  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Message sent' });

    const stored = await t.dataSource.query('SELECT name, email, subject, message FROM contact_messages');
    expect(stored).toEqual([{ name: 'Ana Díaz', email: valid.email, subject: valid.subject, message: valid.message }]);

    // The shop's copy (reply-to the sender) and the sender's acknowledgement, queued with the message.
    const mails = await t.dataSource.query('SELECT recipient, template, subject, body_text, reply_to FROM mail_outbox ORDER BY id');
    expect(mails.map((m: { recipient: string; template: string }) => [m.recipient, m.template])).toEqual([
      ['owner@cocoa.test', 'shop-message'],
      [valid.email, 'contact-ack'],
    ]);
    expect(mails[0].reply_to).toEqual({ name: 'Ana Díaz', address: valid.email });
    expect(mails[0].subject).toContain(valid.subject);
    expect(mails[0].body_text).toContain(valid.message);
    expect(mails[0].body_text).toContain('http://localhost:3000/admin?tab=inbox');
    // the acknowledgement echoes only the sender's name: the form cannot mail a stranger text of its choosing
    expect(mails[1].body_text).toContain('Ana Díaz');
    expect(mails[1].body_text).not.toContain(valid.message);

    // Without SMTP_URL the job queue keeps them (the admin reads them at GET /api/mail/outbox) and says so; never a body.
    const kept = await eventually(async () => {
      const lines = stdout.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'mail kept in the outbox (no SMTP_URL set)');
      return lines.length === 2 ? lines : undefined;
    }, 'two kept mails');
    expect(kept.map((l) => l.to).sort()).toEqual([valid.email, 'owner@cocoa.test']);
    expect(await t.dataSource.query('SELECT DISTINCT status FROM mail_outbox')).toEqual([{ status: 'kept' }]);
    expect(stdout.lines.join('')).not.toContain(valid.message);
  });

  it('keeps a subject with line breaks on one header line', async () => {
    const res = await t.agent().post('/api/contact').send({ ...valid, subject: 'Hi\r\nBcc: victim@example.com' });
    expect(res.status).toBe(200);
    const subjects: { subject: string; template: string }[] = await t.dataSource.query('SELECT subject, template FROM mail_outbox ORDER BY id DESC LIMIT 2');
    for (const { subject } of subjects) expect(subject).not.toMatch(/[\r\n]/);
    // the shop's copy carries the subject (the acknowledgement does not repeat it)
    expect(subjects.find((s) => s.template === 'shop-message')?.subject).toContain('Hi Bcc: victim@example.com');
  });

  it.each(([
    [{ name: undefined }, 'Name is required'],
    [{ name: '' }, 'Name is required'],
    [{ name: '   ' }, 'Name is required'],
    [{ email: undefined }, 'Please enter a valid email address'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ subject: undefined }, 'Subject is required'],
    [{ subject: '' }, 'Subject is required'],
    [{ message: undefined }, 'Message is required'],
    [{ message: ' ' }, 'Message is required'],
    [{ name: 42 }, 'Name is required'],
    [{ message: ['a'] }, 'Message is required'],
    [{ phone: '555' }, 'Unknown field: phone'],
    [{ message: 'x'.repeat(5001) }, 'Must be at most 5000 characters'],
  ] as [Record<string, unknown>, string][]).map(([over, message]) => [JSON.stringify(over).slice(0, 60), over, message] as const))('answers 400 for %s with the spec message and stores nothing', async (_label, over, message) => {
    const before = { stored: await count('contact_messages'), mails: await count('mail_outbox') };
    const body = Object.fromEntries(Object.entries({ ...valid, ...over }).filter(([, v]) => v !== undefined));
    const res = await t.agent().post('/api/contact').send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect({ stored: await count('contact_messages'), mails: await count('mail_outbox') }).toEqual(before);
  });

  it.each([[[]], ['text'], [null]])('answers 400 for a body that is not an object: %j', async (body) => {
    const before = await count('contact_messages');
    const res = await t.agent().post('/api/contact').set('Content-Type', 'application/json').send(JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
    expect(await count('contact_messages')).toBe(before);
  });

  it('answers 400 for an empty body and for malformed JSON', async () => {
    expect((await t.agent().post('/api/contact')).status).toBe(400);
    const res = await t.agent().post('/api/contact').set('Content-Type', 'application/json').send('{"name":');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Malformed JSON in request body');
  });

  it('refuses a foreign Origin with 403 and stores nothing', async () => {
    const before = { stored: await count('contact_messages'), mails: await count('mail_outbox') };
    const res = await t.agent().post('/api/contact').set('Origin', 'https://evil.example').send(valid);
    expect(res.status).toBe(403);
    expect({ stored: await count('contact_messages'), mails: await count('mail_outbox') }).toEqual(before);
  });
});
