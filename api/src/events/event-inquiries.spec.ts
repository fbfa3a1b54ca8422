import { startTestApp, type TestApp } from '../test/test-app';

describe('POST /api/events/inquiries', () => {
  let t: TestApp;
  const count = async (table: string) => Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);
  const valid = { name: 'Ana Díaz', email: 'ana@example.com', phone: '555-123-4567', eventType: 'wedding', eventDate: '2027-05-12', guests: 120, location: 'Barton Creek, Austin, TX', message: 'A hot cocoa bar for the reception, please.' };

  beforeAll(async () => {
    t = await startTestApp({ CONTACT_TO: 'owner@cocoa.test', RATE_LIMIT_MAX: '12' });
  });
  afterAll(() => t.close());

  it('stores the inquiry, mails it to CONTACT_TO and acknowledges it to the sender', async () => {
    const res = await t.agent().post('/api/events/inquiries').send(valid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Inquiry sent' });
    const rows = await t.dataSource.query('SELECT name, email, phone, event_type, to_char(event_date, \'YYYY-MM-DD\') AS event_date, guests, location, message FROM event_inquiries');
    expect(rows).toEqual([{ name: 'Ana Díaz', email: valid.email, phone: valid.phone, event_type: 'wedding', event_date: '2027-05-12', guests: 120, location: valid.location, message: valid.message }]);
    // The shop's copy (reply-to the sender) and the sender's acknowledgement.
    const [mail, ack] = await t.dataSource.query('SELECT recipient, template, subject, body_text, reply_to FROM mail_outbox ORDER BY id');
    expect(mail).toMatchObject({ recipient: 'owner@cocoa.test', template: 'shop-message', reply_to: { name: 'Ana Díaz', address: valid.email } });
    expect(mail.subject).toContain('Wedding on 2027-05-12 (120 guests)');
    expect(mail.body_text).toContain('From: Ana Díaz <ana@example.com>, 555-123-4567');
    expect(mail.body_text).toContain('Location: Barton Creek, Austin, TX');
    expect(mail.body_text).toContain(valid.message);
    expect(mail.body_text).toContain('http://localhost:3000/admin?tab=inbox');
    expect(ack).toMatchObject({ recipient: valid.email, template: 'inquiry-ack' });
    expect(ack.body_text).toContain('Ana Díaz');
    expect(ack.body_text).not.toContain(valid.message);
  });

  it.each([
    [{ eventType: 'funeral' }, 'Please choose an event type'],
    [{ eventDate: '12/05/2027' }, 'Event date must be a date (YYYY-MM-DD)'],
    [{ eventDate: undefined }, 'Event date is required'],
    [{ guests: 0 }, 'Number of guests must be at least 1'],
    [{ guests: '120' }, 'Number of guests is required'],
    [{ location: '' }, 'Event location is required'],
    [{ email: 'nope' }, 'Please enter a valid email address'],
    [{ name: ' ' }, 'Name is required'],
    [{ budget: 100 }, 'Unknown field: budget'],
  ] as [Record<string, unknown>, string][])('400 for %j, nothing stored or mailed', async (over, message) => {
    const before = { stored: await count('event_inquiries'), mails: await count('mail_outbox') };
    const body = Object.fromEntries(Object.entries({ ...valid, ...over }).filter(([, v]) => v !== undefined));
    const res = await t.agent().post('/api/events/inquiries').send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect({ stored: await count('event_inquiries'), mails: await count('mail_outbox') }).toEqual(before);
  });

  it('is rate-limited per address', async () => {
    let last = 200;
    for (let i = 0; i < 12 && last !== 429; i++) last = (await t.agent().post('/api/events/inquiries').send(valid)).status;
    expect(last).toBe(429);
  });
});
