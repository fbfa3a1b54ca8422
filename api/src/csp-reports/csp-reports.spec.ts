import { CSP_REPORT_MAX_BYTES, CSP_REPORTS_KEPT } from '@cocoa/shared-types';
import { TEST_ADMIN, useTestApp, useTestAppServing } from '../test/test-app';

const CHROME_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const FIREFOX_UA = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';

/** What Firefox and Safari send to the policy's report-uri. */
const legacyReport = (over: Record<string, unknown> = {}) => ({
  'csp-report': {
    'document-uri': 'http://localhost:3000/orders/0b7e3c2a-9d1f-4c5e-8a6b-2f4d6e8a0c1e?token=secret-order-token#items',
    referrer: 'http://localhost:3000/checkout?coupon=x',
    'violated-directive': "script-src-elem 'self' https://web.squarecdn.com",
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'; script-src 'self'",
    disposition: 'enforce',
    'blocked-uri': 'https://evil.example/skimmer.js?card=1',
    'line-number': 12,
    'column-number': 7,
    'source-file': 'http://localhost:3000/assets/start-abc123.js?v=2',
    'status-code': 200,
    'script-sample': '',
    ...over,
  },
});

/** What Chromium's Reporting API delivers to the report-to endpoint: a list, here two violations and a report of another kind. */
const reportingDelivery = () => [
  {
    age: 1200,
    type: 'csp-violation',
    url: 'http://localhost:3000/checkout?step=payment',
    user_agent: CHROME_UA,
    body: {
      documentURL: 'http://localhost:3000/checkout?step=payment',
      referrer: '',
      blockedURL: 'inline',
      effectiveDirective: 'script-src-elem',
      originalPolicy: "default-src 'self'",
      sourceFile: 'http://localhost:3000/checkout?step=payment',
      sample: `console.log("${'x'.repeat(300)}")`,
      disposition: 'enforce',
      statusCode: 200,
      lineNumber: 3,
      columnNumber: 14,
    },
  },
  {
    age: 900,
    type: 'csp-violation',
    url: 'http://localhost:3000/bookings/CB-7K3Q?token=abc',
    user_agent: CHROME_UA,
    body: {
      documentURL: 'http://localhost:3000/bookings/CB-7K3Q?token=abc',
      blockedURL: 'data',
      effectiveDirective: 'img-src',
      disposition: 'enforce',
      statusCode: 200,
      lineNumber: null,
      columnNumber: null,
    },
  },
  { age: 10, type: 'deprecation', url: 'http://localhost:3000/', user_agent: CHROME_UA, body: { id: 'SomeFeature', message: 'going away' } },
];

describe('Content-Security-Policy reports', () => {
  const { t } = useTestAppServing({
    'index.html': '<!doctype html><html lang="en"><head><title>Cocoa</title></head><body><div id="root"></div></body></html>',
  });

  const count = async () => Number((await t.dataSource.query('SELECT count(*)::int AS n FROM csp_reports'))[0].n);
  const post = (type: string, body: string) => t.agent().post('/api/csp-reports').set('Content-Type', type).set('User-Agent', FIREFOX_UA).send(body);
  const listAsAdmin = async () => {
    const admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    const res = await admin.get('/api/admin/csp-reports');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.body as Array<Record<string, unknown>>;
  };

  it('stores a report-uri report (application/csp-report) without query strings, and lists it for the admin', async () => {
    const res = await post('application/csp-report', JSON.stringify(legacyReport()));
    expect(res.status).toBe(204);
    const [newest] = await listAsAdmin();
    expect(newest).toEqual({
      id: expect.any(Number),
      receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      documentUrl: 'http://localhost:3000/orders/0b7e3c2a-9d1f-4c5e-8a6b-2f4d6e8a0c1e',
      blockedUrl: 'https://evil.example/skimmer.js',
      directive: 'script-src-elem',
      sourceFile: 'http://localhost:3000/assets/start-abc123.js',
      line: 12,
      column: 7,
      sample: null,
      disposition: 'enforce',
      // report-uri reports carry no user agent: the request's is kept
      userAgent: FIREFOX_UA,
    });
    // Nothing of the query strings (an order link's token) reached the table.
    const stored = JSON.stringify(await t.dataSource.query('SELECT * FROM csp_reports'));
    expect(stored).not.toContain('secret-order-token');
    expect(stored).not.toContain('card=1');
  });

  it('reads an older browser’s violated-directive, which names the directive with its sources', async () => {
    const report = legacyReport({ 'effective-directive': undefined, 'violated-directive': "style-src 'self'", 'blocked-uri': 'eval' });
    expect((await post('application/csp-report', JSON.stringify(report))).status).toBe(204);
    const [newest] = await listAsAdmin();
    expect(newest).toMatchObject({ directive: 'style-src', blockedUrl: 'eval' });
  });

  it('stores each violation of a Reporting API delivery (application/reports+json), ignoring reports of other kinds', async () => {
    const before = await count();
    const res = await post('application/reports+json', JSON.stringify(reportingDelivery()));
    expect(res.status).toBe(204);
    expect(await count()).toBe(before + 2);
    const [img, inline] = await listAsAdmin();
    expect(inline).toMatchObject({
      documentUrl: 'http://localhost:3000/checkout',
      blockedUrl: 'inline',
      directive: 'script-src-elem',
      sourceFile: 'http://localhost:3000/checkout',
      line: 3,
      column: 14,
      // the report's own user agent, not the request's
      userAgent: CHROME_UA,
    });
    expect((inline.sample as string).length).toBe(200);
    expect(img).toMatchObject({ documentUrl: 'http://localhost:3000/bookings/CB-7K3Q', blockedUrl: 'data', directive: 'img-src', line: null, column: null });
  });

  it('keeps a sample with a NUL character, without it (PostgreSQL text cannot hold one)', async () => {
    const res = await post('application/csp-report', JSON.stringify(legacyReport({ 'script-sample': 'alert(1)\u0000//' })));
    expect(res.status).toBe(204);
    const [newest] = await listAsAdmin();
    expect(newest.sample).toBe('alert(1)//');
  });

  it('lists the newest report first', async () => {
    await post('application/csp-report', JSON.stringify(legacyReport({ 'blocked-uri': 'https://first.example/a.js' })));
    await post('application/csp-report', JSON.stringify(legacyReport({ 'blocked-uri': 'https://second.example/b.js' })));
    const [second, first] = await listAsAdmin();
    expect([second.blockedUrl, first.blockedUrl]).toEqual(['https://second.example/b.js', 'https://first.example/a.js']);
  });

  it('lists them for the admin only: 401 for a visitor, 403 for a customer', async () => {
    expect((await t.agent().get('/api/admin/csp-reports')).status).toBe(401);
    const customer = t.agent();
    const registered = await customer
      .post('/api/register')
      .send({ username: 'cspviewer', email: 'cspviewer@example.com', password: 'Cocoa-Reports-Viewer-7481' });
    expect(registered.status).toBe(201);
    const res = await customer.get('/api/admin/csp-reports');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: expect.any(String), code: 'FORBIDDEN' });
  });

  it(`refuses a report over ${CSP_REPORT_MAX_BYTES / 1024} KB with 413 and stores nothing`, async () => {
    const before = await count();
    const big = JSON.stringify(legacyReport({ 'script-sample': 'x'.repeat(CSP_REPORT_MAX_BYTES) }));
    const res = await post('application/csp-report', big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'A report may be at most 64 KB', code: 'PAYLOAD_TOO_LARGE' });
    const batch = JSON.stringify(
      Array.from({ length: 60 }, () => reportingDelivery()[0]).map((r) => ({ ...r, body: { ...r.body, sample: 'y'.repeat(1200) } })),
    );
    expect(Buffer.byteLength(batch)).toBeGreaterThan(CSP_REPORT_MAX_BYTES);
    expect((await post('application/reports+json', batch)).status).toBe(413);
    expect(await count()).toBe(before);
  });

  it.each([
    ['malformed JSON', 'application/csp-report', '{"csp-report":', 'Malformed JSON in request body'],
    ['an empty body', 'application/csp-report', '', 'csp-report must be an object'],
    [
      'a report without its page',
      'application/csp-report',
      JSON.stringify({ 'csp-report': { 'violated-directive': 'script-src' } }),
      'document-uri must be text',
    ],
    [
      'a report without its directive',
      'application/csp-report',
      JSON.stringify(legacyReport({ 'violated-directive': '', 'effective-directive': ' ' })),
      'violated-directive is required',
    ],
    ['a line that is not a number', 'application/csp-report', JSON.stringify(legacyReport({ 'line-number': 'twelve' })), 'line-number must be a whole number'],
    ['a list sent as one report', 'application/csp-report', JSON.stringify(reportingDelivery()), 'A report must be an object'],
    ['a report sent as a delivery', 'application/reports+json', JSON.stringify(legacyReport()), 'A delivery must be a list of reports'],
    ['an empty delivery', 'application/reports+json', '[]', 'A delivery must hold at least one report'],
    [
      'a violation without its body',
      'application/reports+json',
      JSON.stringify([{ type: 'csp-violation', url: 'http://localhost:3000/' }]),
      'body must be an object',
    ],
    ['a report that is not an object', 'application/reports+json', '[42]', 'Each report must be an object with its type and body'],
    ['a scalar', 'application/reports+json', '"hello"', 'Malformed JSON in request body'],
  ])('answers 400 for %s and stores nothing', async (_label, type, body, message) => {
    const before = await count();
    const res = await post(type, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code: 'BAD_INPUT' });
    expect(await count()).toBe(before);
  });

  it.each([['application/json'], ['text/plain'], ['application/x-www-form-urlencoded']])(
    'answers 415 for a body sent as %s and stores nothing',
    async (type) => {
      const before = await count();
      const res = await post(type, JSON.stringify(legacyReport()));
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ message: 'A report must be sent as application/csp-report or application/reports+json', code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(await count()).toBe(before);
    },
  );

  it(`keeps only the newest ${CSP_REPORTS_KEPT} reports`, async () => {
    await t.dataSource.query(
      `INSERT INTO csp_reports (document_url, directive, blocked_url)
       SELECT 'http://localhost:3000/old', 'img-src', 'https://old.example/' || n FROM generate_series(1, $1) n`,
      [CSP_REPORTS_KEPT],
    );
    expect((await post('application/csp-report', JSON.stringify(legacyReport({ 'blocked-uri': 'https://newest.example/x.js' })))).status).toBe(204);
    expect(await count()).toBe(CSP_REPORTS_KEPT);
    const oldest = await t.dataSource.query(`SELECT blocked_url FROM csp_reports ORDER BY id LIMIT 1`);
    expect(oldest).toEqual([{ blocked_url: 'https://old.example/2' }]);
    const [newest] = await listAsAdmin();
    expect(newest.blockedUrl).toBe('https://newest.example/x.js');
  });

  it('sends pages a policy that reports to this endpoint and allows no <base>, no plugin and no framing', async () => {
    const res = await t.agent().get('/checkout');
    const directives = new Map<string, string>(
      res.headers['content-security-policy'].split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
    );
    expect(directives.get('base-uri')).toBe("'none'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('report-uri')).toBe('/api/csp-reports');
    expect(directives.get('report-to')).toBe('csp-endpoint');
    // still what the app, Square's card form and the wallets Square's SDK shows need
    expect(directives.get('script-src')).toBe(
      "'self' https://sandbox.web.squarecdn.com https://web.squarecdn.com https://pay.google.com https://applepay.cdn-apple.com https://kit.cash.app",
    );
    expect(res.headers['reporting-endpoints']).toBe('csp-endpoint="http://localhost:3000/api/csp-reports"');
    // API answers are data: they run nothing, so they report nothing
    const api = await t.agent().get('/api/health');
    expect(api.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(api.headers['reporting-endpoints']).toBeUndefined();
  });
});

describe('Content-Security-Policy reports under the production rate limit', () => {
  const t = useTestApp({ RATE_LIMIT_MAX: '3' });

  it('answers a flood from one address with 429 and Retry-After, storing nothing more', async () => {
    const send = () => t.agent().post('/api/csp-reports').set('Content-Type', 'application/csp-report').send(JSON.stringify(legacyReport()));
    for (let i = 0; i < 3; i += 1) expect((await send()).status).toBe(204);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.body).toEqual({ message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/), code: 'RATE_LIMITED' });
    expect((await t.dataSource.query('SELECT count(*)::int AS n FROM csp_reports'))[0].n).toBe(3);
  });
});
