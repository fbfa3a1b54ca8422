import { LEGAL_PAGE_MAX_BYTES, type LegalPagesAdmin, type LegalPageView } from '@cocoa/shared-types';
import { TEST_ADMIN, type TestAgent, useTestApp } from '../test/test-app';
import { XSS_PAYLOADS } from './xss-payloads.fixtures';

/** Tags the renderer may write (legal-markdown.ts) and the only attributes it keeps. */
const ALLOWED_TAGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'strong', 'em', 's', 'a', 'blockquote', 'code', 'pre']);
const ALLOWED_TAGS_TABLE = new Set(['table', 'thead', 'tbody', 'tr', 'th', 'td']);

/** Every tag in `html` with its attribute text; the sanitiser writes attributes as name="value". */
function tags(html: string): Array<{ name: string; attributes: Array<[string, string]> }> {
  return [...html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)].map((m) => ({
    name: m[1].toLowerCase(),
    attributes: [...m[2].matchAll(/([^\s=]+)(?:="([^"]*)")?/g)].map((a) => [a[1].toLowerCase(), a[2] ?? '']),
  }));
}

/**
 * The scheme a browser would take from an href: after decoding character references and dropping
 * the tabs, line breaks and spaces it ignores; undefined for a relative link.
 */
function schemeOf(href: string): string | undefined {
  const decoded = href
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, '&')
    .replace(/[\p{Cc}\s]/gu, '');
  return /^([a-z][a-z0-9+.-]*):/i.exec(decoded)?.[1].toLowerCase();
}

describe('legal pages', () => {
  const t = useTestApp();
  let admin: TestAgent;
  beforeAll(async () => {
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
  });

  const rows = async () => Number((await t.dataSource.query('SELECT count(*)::int AS n FROM legal_pages'))[0].n);
  const read = async (kind: string) => {
    const res = await t.agent().get(`/api/legal-pages/${kind}`);
    expect(res.status).toBe(200);
    return res.body as LegalPageView;
  };
  const saveBookingSettings = async (depositPercent: number, fullRefundDays: number) => {
    const res = await admin.put('/api/admin/booking/settings').send({ leadTimeDays: 7, depositPercent, balanceDueDays: 14, fullRefundDays });
    expect(res.status).toBe(200);
  };

  it('shows the default refund and cancellation policy with the booking rules in force, and follows a change of them', async () => {
    const page = await read('refund-policy');
    expect(page).toMatchObject({ kind: 'refund-policy', title: 'Refund and cancellation policy', updatedAt: null });
    expect(page.html).toContain('its deposit: 25 % of the price');
    expect(page.html).toContain('cancel 14 or more days before the event day');
    expect(page.html).not.toContain('{{');

    await saveBookingSettings(30, 21);
    const changed = await read('refund-policy');
    expect(changed.html).toContain('its deposit: 30 % of the price');
    expect(changed.html).toContain('cancel 21 or more days before the event day');
    expect((await read('terms')).html).toContain('its deposit is paid: 30 % of the price');
    await saveBookingSettings(25, 14);
  });

  it('states in the default privacy page the cookie, its lifetime and what the device keeps', async () => {
    const { html, title } = await read('privacy');
    expect(title).toBe('Privacy Policy');
    expect(html).toContain('<code>__Host-cocoa.sid</code>');
    // CUSTOMER_SESSION_IDLE_S and CUSTOMER_SESSION_MAX_S default to 30 and 90 days.
    expect(html).toContain('after 30 days without a visit, and after 90 days at most');
    for (const stored of ['Your cart', 'Messages waiting for a connection', 'Notifications', 'Square']) expect(html).toContain(stored);
  });

  it('answers 400 with a message for a page that does not exist', async () => {
    const res = await t.agent().get('/api/legal-pages/cookies');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.any(String), code: expect.any(String) });
  });

  it('lets only the owner read the editor, save, preview and mark reviewed: 401 for a visitor, 403 for a customer', async () => {
    const customer = t.agent();
    expect(
      (await customer.post('/api/register').send({ username: 'legalreader', email: 'legal@example.com', password: 'Cocoa-Legal-Reader-5521' })).status,
    ).toBe(201);
    const calls = [
      (a: TestAgent) => a.get('/api/admin/legal-pages'),
      (a: TestAgent) => a.put('/api/admin/legal-pages/privacy').send({ markdown: 'Hijacked' }),
      (a: TestAgent) => a.post('/api/admin/legal-pages/preview').send({ markdown: 'Hi' }),
      (a: TestAgent) => a.post('/api/admin/legal-pages/reviewed').send({}),
    ];
    for (const call of calls) {
      expect((await call(t.agent())).status).toBe(401);
      expect((await call(customer)).status).toBe(403);
    }
    expect(await rows()).toBe(0);
    expect(await t.dataSource.query(`SELECT value FROM settings WHERE key = 'LEGAL_REVIEWED_AT'`)).toEqual([]);
  });

  it("saves the owner's Markdown: the public page shows it, with placeholders filled and links that open normally", async () => {
    const markdown =
      '# Our privacy\n\nWe keep little. Deposit: {{depositPercent}} %. {{unknownName}} stays.\n\n[Write to us](/contact) or [Square](https://squareup.com/privacy).';
    const res = await admin.put('/api/admin/legal-pages/privacy').send({ markdown });
    expect(res.status).toBe(200);
    expect(res.body.updatedAt).toEqual(expect.any(String));

    const page = await read('privacy');
    expect(page.updatedAt).toBe(res.body.updatedAt);
    // The page's title is its one h1: a "# " heading comes out as h2.
    expect(page.html).toContain('<h2>Our privacy</h2>');
    expect(page.html).toContain('Deposit: 25 %. {{unknownName}} stays.');
    expect(page.html).toContain('<a href="/contact">Write to us</a>');
    expect(page.html).toContain('<a href="https://squareup.com/privacy">Square</a>');

    const list = (await admin.get('/api/admin/legal-pages')).body as LegalPagesAdmin;
    expect(list.pages.map((p) => p.kind)).toEqual(['privacy', 'terms', 'refund-policy']);
    expect(list.pages[0]).toMatchObject({ markdown, html: page.html });
    expect(list.pages[0].defaultMarkdown).toContain('__Host-cocoa.sid');
    expect(list.pages[1].markdown).toBe(list.pages[1].defaultMarkdown);
  });

  it.each([
    ['no text', {}],
    ['text that is not a string', { markdown: 42 }],
    ['blank text', { markdown: '  \n ' }],
    ['an unknown field', { markdown: 'Fine', html: '<b>x</b>' }],
  ])('refuses %s with 400 and a message, changing nothing', async (_case, body) => {
    const before = await t.dataSource.query('SELECT kind, markdown FROM legal_pages ORDER BY kind');
    const res = await admin.put('/api/admin/legal-pages/terms').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.any(String), code: expect.any(String) });
    expect(await t.dataSource.query('SELECT kind, markdown FROM legal_pages ORDER BY kind')).toEqual(before);
  });

  it(`refuses a page over ${LEGAL_PAGE_MAX_BYTES / 1000} KB with 400 and says how long it is, and takes one at the limit`, async () => {
    const before = await rows();
    const over = await admin.put('/api/admin/legal-pages/terms').send({ markdown: 'é'.repeat(LEGAL_PAGE_MAX_BYTES / 2 + 1) });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('The page text is too long: 51 KB, at most 50 KB');
    expect(await rows()).toBe(before);
    expect((await admin.put('/api/admin/legal-pages/terms').send({ markdown: 'é'.repeat(LEGAL_PAGE_MAX_BYTES / 2) })).status).toBe(200);
  });

  it('strips every script, javascript:/data: link and on* attribute from the OWASP filter-evasion payloads, stored and read back', async () => {
    const markdown = XSS_PAYLOADS.map((payload) => `${payload}\n\nsafe paragraph`).join('\n\n');
    expect((await admin.put('/api/admin/legal-pages/refund-policy').send({ markdown })).status).toBe(200);
    const { html } = await read('refund-policy');
    expect(html.match(/safe paragraph/g)).toHaveLength(XSS_PAYLOADS.length);
    for (const tag of tags(html)) {
      expect(ALLOWED_TAGS.has(tag.name) || ALLOWED_TAGS_TABLE.has(tag.name)).toBe(true);
      for (const [name, value] of tag.attributes) {
        expect(['href', 'title', 'start']).toContain(name);
        if (name === 'href') expect(['http', 'https', 'mailto', 'tel', undefined]).toContain(schemeOf(value));
      }
    }
    expect(html).not.toMatch(/<(script|img|svg|iframe|body|meta|div)\b/i);
    // Raw HTML in the text is shown as text (escaped), never parsed.
    expect(html).toContain('&lt;SCRIPT');
  });

  it('previews the text with the rules in force, storing nothing', async () => {
    const before = await t.dataSource.query('SELECT kind, markdown FROM legal_pages ORDER BY kind');
    const res = await admin.post('/api/admin/legal-pages/preview').send({ markdown: 'Refund after {{fullRefundDays}} days. <script>alert(1)</script>' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ html: '<p>Refund after 14 days. &lt;script&gt;alert(1)&lt;/script&gt;</p>\n' });
    expect(await t.dataSource.query('SELECT kind, markdown FROM legal_pages ORDER BY kind')).toEqual(before);
  });

  it('keeps the time the owner marked the pages reviewed in LEGAL_REVIEWED_AT, and a later edit keeps it', async () => {
    expect(((await admin.get('/api/admin/legal-pages')).body as LegalPagesAdmin).reviewedAt).toBeNull();
    const marked = await admin.post('/api/admin/legal-pages/reviewed').send({});
    expect(marked.status).toBe(200);
    expect(Date.parse(marked.body.reviewedAt)).not.toBeNaN();
    expect(await t.dataSource.query(`SELECT value FROM settings WHERE key = 'LEGAL_REVIEWED_AT'`)).toEqual([{ value: marked.body.reviewedAt }]);

    expect((await admin.put('/api/admin/legal-pages/terms').send({ markdown: 'New terms after the review.' })).status).toBe(200);
    expect(((await admin.get('/api/admin/legal-pages')).body as LegalPagesAdmin).reviewedAt).toBe(marked.body.reviewedAt);
  });
});
