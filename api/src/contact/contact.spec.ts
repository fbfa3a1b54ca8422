import { useCapturedStdout } from '../test/capture-stdout';
import { eventually } from '../test/eventually';
import { changed, expectCopiesAnsweredAsOne, expectMailedOnce, type IdempotentForm, itKeepsOneSendingPerKey, storingNothing } from '../test/idempotent-form';
import { type TestApp, useTestApp } from '../test/test-app';

const FORM: IdempotentForm = { path: '/api/contact', table: 'contact_messages', noun: 'message', sent: 'Message sent', ack: 'contact-ack' };

/** The form sent from a fresh agent. */
const sending = (t: TestApp, body: object) => t.agent().post(FORM.path).send(body);

describe('POST /api/contact', () => {
  const stdout = useCapturedStdout();
  const t = useTestApp({ CONTACT_TO: 'owner@cocoa.test', LOG_LEVEL: 'info' });
  const valid = { name: 'Ana Díaz', email: 'ana@example.com', subject: 'Wedding booking', message: 'Can you serve hot cocoa for 120 guests on 12 May?' };

  it("stores the message, mails it to CONTACT_TO and answers { message: 'Message sent' }", async () => {
    const res = await sending(t, { ...valid, name: '  Ana Díaz  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Message sent' });

    const stored = await t.dataSource.query('SELECT name, email, subject, message FROM contact_messages');
    expect(stored).toEqual([{ name: 'Ana Díaz', email: valid.email, subject: valid.subject, message: valid.message }]);

    // The shop's copy (reply-to the sender) and the sender's acknowledgement, queued with the message.
    await t.mailWritten();
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
    const res = await sending(t, { ...valid, subject: 'Hi\r\nBcc: victim@example.com' });
    expect(res.status).toBe(200);
    await t.mailWritten();
    const subjects: { subject: string; template: string }[] = await t.dataSource.query('SELECT subject, template FROM mail_outbox ORDER BY id DESC LIMIT 2');
    for (const { subject } of subjects) expect(subject).not.toMatch(/[\r\n]/);
    // the shop's copy carries the subject (the acknowledgement does not repeat it)
    expect(subjects.find((s) => s.template === 'shop-message')?.subject).toContain('Hi Bcc: victim@example.com');
  });

  it.each(
    (
      [
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
      ] as [Record<string, unknown>, string][]
    ).map(([over, message]) => [JSON.stringify(over).slice(0, 60), over, message] as const),
  )('answers 400 for %s with the spec message and stores nothing', async (_label, over, message) => {
    const res = await storingNothing(t, FORM, () => sending(t, changed(valid, over)));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it.each([[[]], ['text'], [null]])('answers 400 for a body that is not an object: %j', async (body) => {
    const res = await storingNothing(t, FORM, () => t.agent().post('/api/contact').set('Content-Type', 'application/json').send(JSON.stringify(body)));
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('answers 400 for an empty body and for malformed JSON', async () => {
    expect((await t.agent().post('/api/contact')).status).toBe(400);
    const res = await t.agent().post('/api/contact').set('Content-Type', 'application/json').send('{"name":');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Malformed JSON in request body');
  });

  describe('with an idempotency key (a message kept on the device while offline, sent again)', () => {
    it('stores the message once and mails it once however often it is sent, each time with the same answer', async () => {
      const key = 'outbox-0f3a9c2e71b4d5a6';
      const body = { ...valid, email: 'retry@example.com', idempotencyKey: key };
      // The answer was lost on the way: the device sends it again, twice; and the trimmed copy is the same message.
      await expectCopiesAnsweredAsOne(t, FORM, body, [body, body, { ...body, name: '  Ana Díaz ' }]);
      expect(await t.dataSource.query('SELECT name, email, subject, message, idempotency_key FROM contact_messages WHERE email = $1', [body.email])).toEqual([
        { name: valid.name, email: body.email, subject: valid.subject, message: valid.message, idempotency_key: key },
      ]);
      await expectMailedOnce(t, FORM, body.email);
    });

    itKeepsOneSendingPerKey(t, FORM, valid, [
      { message: 'Another message altogether' },
      { subject: 'Another subject' },
      { email: 'someone-else@example.com' },
      { name: 'Bea' },
    ]);

    it.each([
      ['too short', 'abc'],
      ['too long', 'k'.repeat(46)],
      ['not letters, digits, - or _', 'outbox key with spaces'],
      ['a quote', "outbox-'; DROP TABLE x"],
    ])('answers 400 for a key %s and stores nothing', async (_what, key) => {
      const res = await storingNothing(t, FORM, () => sending(t, { ...valid, idempotencyKey: key }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('idempotencyKey must be 8 to 45 letters, digits, - or _');
    });

    it.each([[42], [null], [['outbox-0f3a9c2e71b4']]])('answers 400 for a key that is not text: %j', async (key) => {
      const res = await storingNothing(t, FORM, () => sending(t, { ...valid, idempotencyKey: key }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('idempotencyKey is required');
    });
  });

  it('refuses a foreign Origin with 403 and stores nothing', async () => {
    const res = await storingNothing(t, FORM, () => t.agent().post('/api/contact').set('Origin', 'https://evil.example').send(valid));
    expect(res.status).toBe(403);
  });
});
