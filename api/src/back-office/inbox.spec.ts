import { INBOX_EXCERPT_LENGTH, INBOX_PAGE_SIZE } from '@cocoa/shared-types';
import { EventInquiriesService } from '../events/event-inquiries.service';
import { TEST_ADMIN, type TestAgent, useTestApp } from '../test/test-app';

type Agent = TestAgent;

describe('the owner’s inbox (/api/admin/inbox)', () => {
  const t = useTestApp({ CONTACT_TO: 'owner@cocoa.test' });
  let admin: Agent;
  let customer: Agent;

  beforeAll(async () => {
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    await t.agent().post('/api/register').send({ username: 'inboxfan', email: 'fan@example.com', password: 'fan-pass-123' }).expect(201);
    customer = await t.signedIn('inboxfan', 'fan-pass-123');
  });

  beforeEach(async () => {
    await t.dataSource.query('TRUNCATE contact_messages, event_inquiries, inbox_replies, mail_outbox RESTART IDENTITY');
  });

  const snapshot = async () => ({
    contact: await t.dataSource.query('SELECT id, read_at, archived_at FROM contact_messages ORDER BY id'),
    inquiries: await t.dataSource.query('SELECT id, read_at, archived_at FROM event_inquiries ORDER BY id'),
    replies: await t.count('inbox_replies'),
    outbox: await t.count('mail_outbox'),
  });

  /** A contact message received at `at` (ISO); answers its id. */
  async function contactAt(at: string, over: Partial<{ name: string; email: string; subject: string; message: string }> = {}): Promise<number> {
    const m = { name: 'Zoë Ó Briain', email: 'zoe@example.ie', subject: 'Hello', message: 'Do you ship to Ireland?', ...over };
    const [row] = await t.dataSource.query(
      'INSERT INTO contact_messages (name, email, subject, message, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [m.name, m.email, m.subject, m.message, at],
    );
    return row.id;
  }

  /** An event inquiry received at `at` (ISO); answers its id. */
  async function inquiryAt(at: string, message: string | null = 'Hot cocoa bar for the reception, please.'): Promise<number> {
    const [row] = await t.dataSource.query(
      `INSERT INTO event_inquiries (name, email, phone, event_type, event_date, guests, location, message, created_at)
       VALUES ('Kwame Mensah', 'kwame@example.gh', '+15551234567', 'wedding', '2026-09-12', 120, 'Riverside Barn, Kalamazoo', $1, $2) RETURNING id`,
      [message, at],
    );
    return row.id;
  }

  describe('who may use it', () => {
    const routes: Array<[string, string]> = [
      ['get', '/api/admin/inbox'],
      ['get', '/api/admin/inbox/counts'],
      ['get', '/api/admin/inbox/contact/1'],
      ['post', '/api/admin/inbox/contact/1/read'],
      ['post', '/api/admin/inbox/inquiry/1/archive'],
      ['post', '/api/admin/inbox/contact/1/reply'],
    ];

    it.each(routes)('answers 401 to a visitor and 403 to a customer: %s %s', async (method, path) => {
      const id = await contactAt('2026-05-01T10:00:00Z');
      expect(id).toBe(1);
      await inquiryAt('2026-05-01T11:00:00Z');
      const before = await snapshot();
      const anonymous = await t.agent()[method as 'get'](path).send({ body: 'Hi' });
      expect(anonymous.status).toBe(401);
      const signedIn = await customer[method as 'get'](path).send({ body: 'Hi' });
      expect(signedIn.status).toBe(403);
      expect(signedIn.body.message).toBe('Admin access required');
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('the list', () => {
    it('merges both kinds newest first, each row with the fields the list shows', async () => {
      const older = await contactAt('2026-05-01T09:00:00Z', { subject: 'Wholesale', message: 'We run a café in Cork.\r\n\r\nCould we   buy in bulk?' });
      const inquiry = await inquiryAt('2026-05-02T09:00:00Z');
      const newer = await contactAt('2026-05-03T09:00:00Z', { name: '李小龍', email: 'lee@example.hk', subject: '訂購', message: '請問可以寄到香港嗎？🙂' });

      const res = await admin.get('/api/admin/inbox?state=all');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        page: 1,
        pageSize: INBOX_PAGE_SIZE,
        total: 3,
        items: [
          {
            kind: 'contact',
            id: newer,
            name: '李小龍',
            email: 'lee@example.hk',
            subject: '訂購',
            eventDate: null,
            excerpt: '請問可以寄到香港嗎？🙂',
            receivedAt: '2026-05-03T09:00:00.000Z',
            readAt: null,
            archivedAt: null,
          },
          {
            kind: 'inquiry',
            id: inquiry,
            name: 'Kwame Mensah',
            email: 'kwame@example.gh',
            subject: 'Wedding, 120 guests',
            eventDate: '2026-09-12',
            excerpt: 'Hot cocoa bar for the reception, please.',
            receivedAt: '2026-05-02T09:00:00.000Z',
            readAt: null,
            archivedAt: null,
          },
          // Line breaks and runs of spaces become one space in the excerpt.
          expect.objectContaining({ kind: 'contact', id: older, subject: 'Wholesale', excerpt: 'We run a café in Cork. Could we buy in bulk?' }),
        ],
      });
      // The default state is the inbox itself (all but archived).
      expect((await admin.get('/api/admin/inbox')).body).toEqual(res.body);
    });

    it('cuts a long message at a word for the excerpt, and describes an inquiry without a message by its place', async () => {
      const words = 'The quick brown fox jumps over the lazy dog while the cocoa simmers gently on the stove. '.repeat(10);
      await contactAt('2026-05-01T09:00:00Z', { message: words });
      await inquiryAt('2026-05-02T09:00:00Z', null);
      const { items } = (await admin.get('/api/admin/inbox')).body;
      expect(items[0].excerpt).toBe('At Riverside Barn, Kalamazoo');
      expect(items[1].excerpt.length).toBeLessThanOrEqual(INBOX_EXCERPT_LENGTH + 1);
      expect(items[1].excerpt).toMatch(/^The quick brown fox .*[a-z.]…$/);
      expect(words.startsWith(items[1].excerpt.slice(0, -1))).toBe(true);
    });

    it('pages through both kinds without gaps or repeats, ties on the same instant ordered by kind then id', async () => {
      // 23 contact messages and 22 inquiries interleaved one minute apart, plus two received at the same instant.
      const expected: string[] = [];
      for (let i = 0; i < 45; i++) {
        const at = new Date(Date.UTC(2026, 4, 1, 8, i)).toISOString();
        const id = i % 2 === 0 ? await contactAt(at) : await inquiryAt(at);
        expected.unshift(`${i % 2 === 0 ? 'contact' : 'inquiry'}:${id}`);
      }
      const same = '2026-05-01T09:30:00.000Z';
      const tiedInquiry = await inquiryAt(same);
      const tiedContact = await contactAt(same);
      expected.unshift(`contact:${tiedContact}`, `inquiry:${tiedInquiry}`);

      const seen: string[] = [];
      for (const page of [1, 2, 3]) {
        const res = await admin.get(`/api/admin/inbox?state=all&page=${page}`);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ page, pageSize: INBOX_PAGE_SIZE, total: 47 });
        expect(res.body.items).toHaveLength(page < 3 ? 20 : 7);
        seen.push(...res.body.items.map((m: { kind: string; id: number }) => `${m.kind}:${m.id}`));
      }
      expect(seen).toEqual(expected);
      const beyond = await admin.get('/api/admin/inbox?page=4');
      expect(beyond.body).toMatchObject({ items: [], page: 4, total: 47 });
    });
  });

  describe('read, unread, archive and unarchive', () => {
    it('moves a message between the states, and the unread count follows', async () => {
      const contact = await contactAt('2026-05-01T09:00:00Z');
      const inquiry = await inquiryAt('2026-05-02T09:00:00Z');
      const newest = await contactAt('2026-05-03T09:00:00Z');
      const unread = async () => (await admin.get('/api/admin/inbox/counts')).body;
      const ids = async (state: string) =>
        (await admin.get(`/api/admin/inbox?state=${state}`)).body.items.map((m: { kind: string; id: number }) => `${m.kind}:${m.id}`);
      expect(await unread()).toEqual({ unread: 3 });

      const read = await admin.post(`/api/admin/inbox/inquiry/${inquiry}/read`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ kind: 'inquiry', id: inquiry, readAt: expect.any(String), archivedAt: null });
      expect(await unread()).toEqual({ unread: 2 });
      expect(await ids('unread')).toEqual([`contact:${newest}`, `contact:${contact}`]);

      // Reading again keeps the first read time.
      const again = await admin.post(`/api/admin/inbox/inquiry/${inquiry}/read`);
      expect(again.body.readAt).toBe(read.body.readAt);

      const archived = await admin.post(`/api/admin/inbox/contact/${contact}/archive`);
      expect(archived.status).toBe(200);
      expect(archived.body).toMatchObject({ kind: 'contact', id: contact, readAt: null, archivedAt: expect.any(String) });
      // An archived message leaves the inbox and its count, unread or not.
      expect(await unread()).toEqual({ unread: 1 });
      expect(await ids('all')).toEqual([`contact:${newest}`, `inquiry:${inquiry}`]);
      expect(await ids('archived')).toEqual([`contact:${contact}`]);
      expect((await admin.get('/api/admin/inbox?state=archived')).body.total).toBe(1);

      expect((await admin.post(`/api/admin/inbox/contact/${contact}/unarchive`)).body).toMatchObject({ archivedAt: null, readAt: null });
      expect((await admin.post(`/api/admin/inbox/inquiry/${inquiry}/unread`)).body).toMatchObject({ readAt: null });
      expect(await unread()).toEqual({ unread: 3 });
      expect(await ids('archived')).toEqual([]);
    });

    it('counts what the public forms send as unread', async () => {
      await t
        .agent()
        .post('/api/contact')
        .send({ name: 'Ana Díaz', email: 'ana@example.com', subject: 'Wedding booking', message: 'Can you serve 120 guests?' })
        .expect(200);
      await t
        .agent()
        .post('/api/events/inquiries')
        .send({ name: 'Ana Díaz', email: 'ana@example.com', eventType: 'party', eventDate: '2026-12-31', guests: 1, location: 'Chicago', message: null })
        .expect(200);
      expect((await admin.get('/api/admin/inbox/counts')).body).toEqual({ unread: 2 });
      const { items } = (await admin.get('/api/admin/inbox?state=unread')).body;
      expect(items.map((m: { kind: string; subject: string }) => [m.kind, m.subject])).toEqual([
        ['inquiry', 'Party, 1 guest'],
        ['contact', 'Wedding booking'],
      ]);
    });
  });

  describe('a message and its thread', () => {
    it('answers the whole message of each kind, with no replies yet, and changes nothing', async () => {
      const long = 'Can you do oat milk? '.repeat(40).trim();
      const contact = await contactAt('2026-05-01T09:00:00Z', { message: long });
      const inquiry = await inquiryAt('2026-05-02T09:00:00Z');
      const before = await snapshot();

      const c = await admin.get(`/api/admin/inbox/contact/${contact}`);
      expect(c.status).toBe(200);
      expect(c.body).toEqual({
        kind: 'contact',
        id: contact,
        name: 'Zoë Ó Briain',
        email: 'zoe@example.ie',
        subject: 'Hello',
        message: long,
        receivedAt: '2026-05-01T09:00:00.000Z',
        readAt: null,
        archivedAt: null,
        replies: [],
      });
      const i = await admin.get(`/api/admin/inbox/inquiry/${inquiry}`);
      expect(i.body).toEqual({
        kind: 'inquiry',
        id: inquiry,
        name: 'Kwame Mensah',
        email: 'kwame@example.gh',
        phone: '+15551234567',
        eventType: 'wedding',
        eventDate: '2026-09-12',
        guests: 120,
        location: 'Riverside Barn, Kalamazoo',
        message: 'Hot cocoa bar for the reception, please.',
        receivedAt: '2026-05-02T09:00:00.000Z',
        readAt: null,
        archivedAt: null,
        replies: [],
      });
      expect(await snapshot()).toEqual(before);
    });

    it('answers 404 for a message that is not there, of either kind, and changes nothing', async () => {
      const contact = await contactAt('2026-05-01T09:00:00Z');
      const before = await snapshot();
      for (const [method, path] of [
        ['get', '/api/admin/inbox/inquiry/' + contact],
        ['get', '/api/admin/inbox/contact/999'],
        ['post', '/api/admin/inbox/contact/999/read'],
        ['post', '/api/admin/inbox/inquiry/999/archive'],
        ['post', '/api/admin/inbox/contact/999/reply'],
      ] as const) {
        const res = await admin[method](path).send({ body: 'Hello' });
        expect({ path, status: res.status, body: res.body }).toEqual({
          path,
          status: 404,
          body: { message: 'Message not found', code: 'INBOX_MESSAGE_NOT_FOUND' },
        });
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('replying', () => {
    it('queues the e-mail and keeps the reply in the thread, in one go, and marks the message read', async () => {
      const contact = await contactAt('2026-05-01T09:00:00Z', { subject: 'Gift boxes', message: 'Do you sell gift boxes for Christmas?' });
      const res = await admin
        .post(`/api/admin/inbox/contact/${contact}/reply`)
        .send({ body: '  Yes! Our holiday boxes go on sale on 1 November.\n\nBest, the Cocoa Shop  ' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ kind: 'contact', id: contact, readAt: expect.any(String) });
      expect(res.body.replies).toEqual([
        { id: 1, body: 'Yes! Our holiday boxes go on sale on 1 November.\n\nBest, the Cocoa Shop', sentBy: TEST_ADMIN.username, sentAt: expect.any(String) },
      ]);

      const [reply] = await t.dataSource.query('SELECT kind, message_id, sent_by, outbox_id FROM inbox_replies');
      expect(reply).toMatchObject({ kind: 'contact', message_id: contact, sent_by: TEST_ADMIN.username });
      await t.mailWritten();
      const outbox = await t.dataSource.query('SELECT id, recipient, template, body_text FROM mail_outbox');
      expect(outbox).toHaveLength(1);
      expect(outbox[0]).toMatchObject({ id: reply.outbox_id, recipient: 'zoe@example.ie', template: 'inbox-reply' });
      expect(outbox[0].body_text).toContain('Our holiday boxes go on sale on 1 November.');

      // The thread is there when the message is opened again; a second reply comes after the first.
      await admin.post(`/api/admin/inbox/contact/${contact}/reply`).send({ body: 'PS: they ship from 5 November.' }).expect(201);
      const opened = await admin.get(`/api/admin/inbox/contact/${contact}`);
      expect(opened.body.replies.map((r: { body: string }) => r.body)).toEqual([
        'Yes! Our holiday boxes go on sale on 1 November.\n\nBest, the Cocoa Shop',
        'PS: they ship from 5 November.',
      ]);
      expect((await admin.get('/api/admin/inbox/counts')).body).toEqual({ unread: 0 });
    });

    it('replies to an inquiry at its sender’s address, quoting what was asked', async () => {
      const inquiry = await inquiryAt('2026-05-02T09:00:00Z', null);
      const res = await admin.post(`/api/admin/inbox/inquiry/${inquiry}/reply`).send({ body: 'We are free that day.' });
      expect(res.status).toBe(201);
      expect(res.body.replies).toHaveLength(1);
      await t.mailWritten();
      const [mail] = await t.dataSource.query('SELECT recipient, body_text FROM mail_outbox');
      expect(mail.recipient).toBe('kwame@example.gh');
      expect(mail.body_text).toContain('We are free that day.');
      expect(mail.body_text).toContain('Event inquiry: Wedding, 120 guests on September 12, 2026');
    });

    it('writes neither the reply nor its e-mail when the reply cannot be completed', async () => {
      const inquiry = await inquiryAt('2026-05-02T09:00:00Z');
      const inquiries = t.app.get(EventInquiriesService);
      // The last step of the transaction (marking the inquiry read) fails, after the mail was queued and the reply written.
      const spy = jest.spyOn(inquiries, 'markInbox').mockRejectedValueOnce(new Error('disk full'));
      try {
        const before = await snapshot();
        const res = await admin.post(`/api/admin/inbox/inquiry/${inquiry}/reply`).send({ body: 'We are free that day.' });
        expect(res.status).toBe(500);
        expect(await snapshot()).toEqual(before);
        expect(before.outbox).toBe(0);
      } finally {
        spy.mockRestore();
      }
    });

    it.each([
      ['no body', {}, 'Reply is required'],
      ['an empty body', { body: '' }, 'Reply is required'],
      ['only white space', { body: '   \n ' }, 'Reply is required'],
      ['a number', { body: 42 }, 'Reply is required'],
      ['10,001 characters', { body: 'x'.repeat(10_001) }, 'Reply must be at most 10000 characters'],
      ['an unknown field', { body: 'Hi', cc: 'someone@example.com' }, 'Unknown field: cc'],
    ])('answers 400 for a reply with %s and writes nothing', async (_label, body, message) => {
      const contact = await contactAt('2026-05-01T09:00:00Z');
      const before = await snapshot();
      const res = await admin.post(`/api/admin/inbox/contact/${contact}/reply`).send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(await snapshot()).toEqual(before);
    });
  });

  it.each([
    ['get', '/api/admin/inbox/order/1', 'Kind must be contact, inquiry or booking'],
    ['post', '/api/admin/inbox/messages/1/read', 'Kind must be contact, inquiry or booking'],
    ['get', '/api/admin/inbox/contact/abc', 'Id must be a whole number'],
    ['post', '/api/admin/inbox/contact/0/archive', 'Id must be positive'],
    ['get', '/api/admin/inbox?state=spam', 'State must be unread, all or archived'],
    ['get', '/api/admin/inbox?page=0', 'Page must be at least 1'],
    ['get', '/api/admin/inbox?page=2.5', 'Page must be a whole number'],
    ['get', '/api/admin/inbox?page=501', 'Page must be at most 500'],
    ['get', '/api/admin/inbox?folder=spam', 'Unknown field: folder'],
  ] as const)('answers 400 to %s %s with a clear message and changes nothing', async (method, path, message) => {
    await contactAt('2026-05-01T09:00:00Z');
    const before = await snapshot();
    const res = await admin[method](path).send({});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });
});
