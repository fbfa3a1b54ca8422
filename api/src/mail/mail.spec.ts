import { startSmtpDouble, type SmtpDouble } from '../test/smtp-double';
import { startTestApp, type TestApp } from '../test/test-app';

/** Decodes a quoted-printable body well enough to read links and text. */
const decode = (raw: string) => raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('mail through SMTP (SMTP_URL set)', () => {
  let smtp: SmtpDouble;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpDouble();
    t = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Cocoa Shop <shop@cocoa.test>', CONTACT_TO: 'owner@cocoa.test' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const outboxCount = async () => Number((await t.dataSource.query('SELECT count(*)::int AS n FROM mail_outbox'))[0].n);

  it('delivers the contact message to CONTACT_TO through the SMTP server, with reply-to the sender', async () => {
    const res = await t.agent().post('/api/contact').send({ name: 'Ana Díaz', email: 'ana@example.com', subject: 'Wedding in May', message: 'Can you serve 120 guests?' });
    expect(res.status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(mail.from).toBe('shop@cocoa.test');
    expect(mail.to).toEqual(['owner@cocoa.test']);
    expect(mail.data).toMatch(/^Subject: Contact form: Wedding in May\r$/m);
    expect(mail.data).toMatch(/^Reply-To: .*<ana@example\.com>\r$/m);
    expect(decode(mail.data)).toContain('Can you serve 120 guests?');
    expect(await outboxCount()).toBe(0);
  });

  it('delivers the password reset link, and the link works', async () => {
    await t.agent().post('/api/register').send({ username: 'smtpuser', email: 'smtp.user@example.com', password: 'first-pass' }).expect(201);
    const before = smtp.received.length;
    const res = await t.agent().post('/api/auth/forgot-password').send({ email: 'SMTP.User@example.com' });
    expect(res.status).toBe(200);
    const mails = await smtp.waitFor(before + 1);
    const mail = mails[before];
    expect(mail.to).toEqual(['smtp.user@example.com']);
    const token = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(decode(mail.data))?.[1];
    expect(token).toBeDefined();
    await t.agent().post('/api/auth/reset-password').send({ token, newPassword: 'second-pass' }).expect(200);
    await t.agent().post('/api/login').send({ username: 'smtpuser', password: 'second-pass' }).expect(200);
  });

  it('keeps a message in the outbox when the SMTP server is unreachable, and still answers', async () => {
    await smtp.close();
    const res = await t.agent().post('/api/contact').send({ name: 'Bo', email: 'bo@example.com', subject: 'Hello', message: 'Still there?' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Message sent' });
    const rows = await t.dataSource.query('SELECT recipient, subject, body_text FROM mail_outbox');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ recipient: 'owner@cocoa.test', subject: 'Contact form: Hello' });
    expect(rows[0].body_text).toContain('Still there?');
  });
});
