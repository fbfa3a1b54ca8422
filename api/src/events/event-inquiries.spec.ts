import { changed, expectCopiesAnsweredAsOne, expectMailedOnce, type IdempotentForm, itKeepsOneSendingPerKey, storingNothing } from '../test/idempotent-form';
import { type TestApp, useTestApp } from '../test/test-app';

const FORM: IdempotentForm = { path: '/api/events/inquiries', table: 'event_inquiries', noun: 'inquiry', sent: 'Inquiry sent', ack: 'inquiry-ack' };

/** The form sent from a fresh agent. */
const sending = (t: TestApp, body: object) => t.agent().post(FORM.path).send(body);

describe('POST /api/events/inquiries', () => {
  const t = useTestApp({ CONTACT_TO: 'owner@cocoa.test', RATE_LIMIT_MAX: '12' });
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

  it('stores the inquiry, mails it to CONTACT_TO and acknowledges it to the sender', async () => {
    const res = await sending(t, valid);
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
    const res = await storingNothing(t, FORM, () => sending(t, changed(valid, over)));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('is rate-limited per address', async () => {
    let last = 200;
    for (let i = 0; i < 12 && last !== 429; i++) last = (await sending(t, valid)).status;
    expect(last).toBe(429);
  });
});

describe('POST /api/events/inquiries with an idempotency key (an inquiry kept on the device while offline, sent again)', () => {
  const t = useTestApp({ CONTACT_TO: 'owner@cocoa.test' });
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

  it('stores the inquiry once and mails it once however often it is sent, each time with the same answer', async () => {
    const key = '0f3a9c2e71b4d5a6';
    const body = { ...valid, email: 'retry@example.com', idempotencyKey: key };
    // The same inquiry as the form sends it after the schema (blank phone and message are null) is the same inquiry.
    await expectCopiesAnsweredAsOne(t, FORM, body, [body, { ...body, phone: '', message: '  ', location: ' Convention Center, Denver, CO ' }]);
    expect(
      await t.dataSource.query(
        `SELECT name, to_char(event_date, 'YYYY-MM-DD') AS event_date, guests, location, phone, message, idempotency_key FROM event_inquiries`,
      ),
    ).toEqual([{ name: 'Sam Lee', event_date: '2027-03-04', guests: 80, location: valid.location, phone: null, message: null, idempotency_key: key }]);
    await expectMailedOnce(t, FORM, body.email);
  });

  itKeepsOneSendingPerKey(t, FORM, valid, [
    { guests: 81 },
    { eventDate: '2027-03-05' },
    { eventType: 'party' },
    { location: 'Elsewhere' },
    { message: 'Now with a message' },
    { phone: '555-0100' },
    { name: 'Bea' },
    { email: 'other@example.com' },
  ]);

  it.each([
    ['abc', 'idempotencyKey must be 8 to 45 letters, digits, - or _'],
    ['k'.repeat(46), 'idempotencyKey must be 8 to 45 letters, digits, - or _'],
    ['key with spaces', 'idempotencyKey must be 8 to 45 letters, digits, - or _'],
    [42, 'idempotencyKey is required'],
    [null, 'idempotencyKey is required'],
  ])('answers 400 for the key %j and stores nothing', async (key, message) => {
    const res = await storingNothing(t, FORM, () => sending(t, { ...valid, idempotencyKey: key }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});
