import { startTestApp, type TestApp } from '../test/test-app';
import { databaseSnapshot } from '../test/db-snapshot';

describe('POST /api/events/inquiries', () => {
  let t: TestApp;
  const count = async (table: string) => Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);
  const valid = {
    name: 'Ana Díaz',
    email: 'ana@example.com',
    phone: '555-123-4567',
    eventType: 'wedding',
    eventDate: '2027-05-12',
    guests: 120,
    location: 'Barton Creek, Austin, TX',
    message: 'A hot cocoa bar for the reception, please.',
  };

  beforeAll(async () => {
    t = await startTestApp({ CONTACT_TO: 'owner@cocoa.test', RATE_LIMIT_MAX: '12' });
  });
  afterAll(() => t.close());

  it('stores the inquiry, mails it to CONTACT_TO and acknowledges it to the sender', async () => {
    const res = await t.agent().post('/api/events/inquiries').send(valid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Inquiry sent' });
    const rows = await t.dataSource.query(
      "SELECT name, email, phone, event_type, to_char(event_date, 'YYYY-MM-DD') AS event_date, guests, location, message FROM event_inquiries",
    );
    expect(rows).toEqual([
      {
        name: 'Ana Díaz',
        email: valid.email,
        phone: valid.phone,
        event_type: 'wedding',
        event_date: '2027-05-12',
        guests: 120,
        location: valid.location,
        message: valid.message,
      },
    ]);
    // The shop's copy (reply-to the sender) and the sender's acknowledgement.
    await t.mailWritten();
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

describe('POST /api/events/inquiries with an idempotency key (an inquiry kept on the device while offline, sent again)', () => {
  let t: TestApp;
  const count = async (table: string) => Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);
  const valid = {
    name: 'Sam Lee',
    email: 'sam@example.com',
    phone: null,
    eventType: 'corporate',
    eventDate: '2027-03-04',
    guests: 80,
    location: 'Convention Center, Denver, CO',
    message: null,
  };
  /** The shop's copy (reply-to the sender) and the acknowledgement of the inquiries from `email`. */
  const mailsFrom = async (email: string) =>
    (
      await t.dataSource.query<Array<{ recipient: string; template: string }>>(
        `SELECT recipient, template FROM mail_outbox WHERE recipient = $1 OR reply_to->>'address' = $1 ORDER BY id`,
        [email],
      )
    ).map((m) => [m.recipient, m.template]);

  beforeAll(async () => {
    t = await startTestApp({ CONTACT_TO: 'owner@cocoa.test' });
  });
  afterAll(() => t.close());

  it('stores the inquiry once and mails it once however often it is sent, each time with the same answer', async () => {
    const key = '0f3a9c2e71b4d5a6';
    const body = { ...valid, email: 'retry@example.com', idempotencyKey: key };
    const first = await t.agent().post('/api/events/inquiries').send(body);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: 'Inquiry sent' });
    // The same inquiry as the form sends it after the schema (blank phone and message are null) is the same inquiry.
    for (const again of [body, { ...body, phone: '', message: '  ', location: ' Convention Center, Denver, CO ' }]) {
      const res = await t.agent().post('/api/events/inquiries').send(again);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(first.body);
    }
    expect(
      await t.dataSource.query(
        `SELECT name, to_char(event_date, 'YYYY-MM-DD') AS event_date, guests, location, phone, message, idempotency_key FROM event_inquiries`,
      ),
    ).toEqual([{ name: 'Sam Lee', event_date: '2027-03-04', guests: 80, location: valid.location, phone: null, message: null, idempotency_key: key }]);
    expect(await mailsFrom(body.email)).toEqual([
      ['owner@cocoa.test', 'shop-message'],
      [body.email, 'inquiry-ack'],
    ]);
  });

  it('answers copies sent at the same moment as one inquiry (the unique key decides)', async () => {
    const key = 'race-5b8e2d10c7aa';
    const body = { ...valid, email: 'race@example.com', idempotencyKey: key };
    const answers = await Promise.all([1, 2, 3, 4].map(() => t.agent().post('/api/events/inquiries').send(body)));
    expect(answers.map((r) => [r.status, r.body])).toEqual(answers.map(() => [200, { message: 'Inquiry sent' }]));
    expect(await t.dataSource.query('SELECT count(*)::int AS n FROM event_inquiries WHERE idempotency_key = $1', [key])).toEqual([{ n: 1 }]);
    expect(await mailsFrom(body.email)).toEqual([
      ['owner@cocoa.test', 'shop-message'],
      [body.email, 'inquiry-ack'],
    ]);
  });

  it('refuses the same key with another inquiry (409 IDEMPOTENCY_KEY_REUSED) and changes nothing', async () => {
    const key = 'reused-91c4e07a';
    const body = { ...valid, email: 'reuse@example.com', idempotencyKey: key };
    expect((await t.agent().post('/api/events/inquiries').send(body)).status).toBe(200);
    const before = await databaseSnapshot(t.dataSource);
    for (const over of [
      { guests: 81 },
      { eventDate: '2027-03-05' },
      { eventType: 'party' },
      { location: 'Elsewhere' },
      { message: 'Now with a message' },
      { phone: '555-0100' },
      { name: 'Bea' },
      { email: 'other@example.com' },
    ]) {
      const res = await t
        .agent()
        .post('/api/events/inquiries')
        .send({ ...body, ...over });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        message: 'This request key was already used for another inquiry. Please send your inquiry again.',
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
    }
    expect(await databaseSnapshot(t.dataSource)).toBe(before);
  });

  it.each([
    ['abc', 'idempotencyKey must be 8 to 45 letters, digits, - or _'],
    ['k'.repeat(46), 'idempotencyKey must be 8 to 45 letters, digits, - or _'],
    ['key with spaces', 'idempotencyKey must be 8 to 45 letters, digits, - or _'],
    [42, 'idempotencyKey is required'],
    [null, 'idempotencyKey is required'],
  ])('answers 400 for the key %j and stores nothing', async (key, message) => {
    const before = { stored: await count('event_inquiries'), mails: await count('mail_outbox') };
    const res = await t
      .agent()
      .post('/api/events/inquiries')
      .send({ ...valid, idempotencyKey: key });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect({ stored: await count('event_inquiries'), mails: await count('mail_outbox') }).toEqual(before);
  });

  it('stores every inquiry sent without a key, as before', async () => {
    const body = { ...valid, email: 'nokey@example.com' };
    for (let i = 0; i < 2; i++) expect((await t.agent().post('/api/events/inquiries').send(body)).status).toBe(200);
    expect(await t.dataSource.query('SELECT idempotency_key FROM event_inquiries WHERE email = $1', [body.email])).toEqual([
      { idempotency_key: null },
      { idempotency_key: null },
    ]);
  });
});
