import { createHash } from 'node:crypto';
import { useSquareApp } from '../test/square-shop';
import { adminOnly, TEST_ADMIN, type TestAgent } from '../test/test-app';
import { SettingsService } from '../settings/settings.service';

const APP_ID = 'sandbox-sq0idb-TestApplication01';

describe('Square connection (OAuth through the real SDK against a local double) and catalogue sync', () => {
  const { square, t } = useSquareApp();
  let admin: TestAgent;
  let customer: TestAgent;

  const rawSetting = async (key: string): Promise<string | undefined> =>
    (await t.dataSource.query(`SELECT value FROM settings WHERE key = $1`, [key]))[0]?.value;

  beforeAll(async () => {
    admin = await t.signedIn(TEST_ADMIN.username, TEST_ADMIN.password);
    customer = t.agent();
    await customer.post('/api/register').send({ username: 'carol', email: 'carol@example.com', password: 'secret-123' }).expect(201);
  });

  it.each([
    ['get', '/api/settings'],
    ['post', '/api/settings'],
    ['get', '/api/square/auth/status'],
    ['get', '/api/square/auth/url'],
    ['post', '/api/square/auth/disconnect'],
    ['post', '/api/square/catalog/sync'],
  ] as const)(
    '%s %s: 401 anonymous, 403 customer',
    adminOnly(t, () => customer, { key: 'SQUARE_MODE', value: 'sandbox' }),
  );

  describe('settings', () => {
    it('answers the allow-listed keys with defaults', async () => {
      const res = await admin.get('/api/settings');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.body).toEqual({
        SQUARE_APPLICATION_ID: null,
        SQUARE_MODE: 'sandbox',
        SQUARE_LOCATION_ID: null,
        ACCEPT_TEST_PAYMENTS: 'true',
        SHOP_TIME_ZONE: 'America/Chicago',
      });
    });

    it.each([
      [{ key: 'SQUARE_ACCESS_TOKEN', value: 'EAAA-x' }, 'Unknown setting'],
      [{ key: 'INTERNAL_SESSION_SECRET', value: 'x' }, 'Unknown setting'],
      [{ key: 'SQUARE_MODE', value: 'staging' }, 'Mode must be sandbox or production'],
      [{ key: 'SQUARE_APPLICATION_ID', value: 'not-an-id' }, 'Application ID must look like sq0idp-… (production) or sandbox-sq0idb-… (sandbox)'],
      [{ key: 'SQUARE_APPLICATION_ID', value: '' }, 'Application ID is required'],
      [{ key: 'SQUARE_LOCATION_ID', value: 'L1/../x' }, 'Location ID may hold only letters, digits, - and _'],
      [{ key: 'SQUARE_MODE' }, 'Value must be text'],
      [{ key: 'ACCEPT_TEST_PAYMENTS', value: 'yes' }, 'Accept test payments must be true or false'],
    ])('refuses %j', async (body, message) => {
      const res = await admin.post('/api/settings').send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('saves the mode and the application id and answers the new map', async () => {
      let res = await admin.post('/api/settings').send({ key: 'SQUARE_MODE', value: 'production' });
      expect(res.status).toBe(200);
      expect(res.body.SQUARE_MODE).toBe('production');
      res = await admin.post('/api/settings').send({ key: 'SQUARE_APPLICATION_ID', value: 'sq0idp-ProductionApp123' });
      expect(res.body).toEqual({
        SQUARE_APPLICATION_ID: 'sq0idp-ProductionApp123',
        SQUARE_MODE: 'production',
        SQUARE_LOCATION_ID: null,
        ACCEPT_TEST_PAYMENTS: 'false',
        SHOP_TIME_ZONE: 'America/Chicago',
      });
      await admin.post('/api/settings').send({ key: 'SQUARE_LOCATION_ID', value: 'LOC-9' }).expect(200);
      res = await admin.post('/api/settings').send({ key: 'SQUARE_LOCATION_ID', value: '' });
      expect(res.body.SQUARE_LOCATION_ID).toBeNull();
      await admin.post('/api/settings').send({ key: 'SQUARE_MODE', value: 'sandbox' }).expect(200);
    });

    it('refuses an application id of the other environment (a sandbox id in production, or the reverse), changing nothing', async () => {
      const saved = async () => (await admin.get('/api/settings')).body;
      await admin.post('/api/settings').send({ key: 'SQUARE_MODE', value: 'production' }).expect(200);
      await admin.post('/api/settings').send({ key: 'SQUARE_APPLICATION_ID', value: 'sq0idp-ProductionApp123' }).expect(200);
      const before = await saved();
      let res = await admin.post('/api/settings').send({ key: 'SQUARE_APPLICATION_ID', value: 'sandbox-sq0idb-SandboxApp123' });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 400,
        body: {
          message:
            'This is a sandbox Application ID (sandbox-sq0idb-…) but the environment is production: enter the production Application ID (sq0idp-…) or choose Sandbox',
          code: 'SQUARE_APPLICATION_ID_MODE',
        },
      });
      expect(await saved()).toEqual(before);

      await admin.post('/api/settings').send({ key: 'SQUARE_MODE', value: 'sandbox' }).expect(200);
      res = await admin.post('/api/settings').send({ key: 'SQUARE_APPLICATION_ID', value: 'sq0idp-OtherProdApp456' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'This is a production Application ID (sq0idp-…) but the environment is sandbox: enter the sandbox Application ID (sandbox-sq0idb-…) or choose Production',
      );
      expect((await saved()).SQUARE_APPLICATION_ID).toBe('sq0idp-ProductionApp123');
      await admin.post('/api/settings').send({ key: 'SQUARE_APPLICATION_ID', value: 'sandbox-sq0idb-SandboxApp123' }).expect(200);
    });

    it("never answers the PWA's card form an application id of the other environment", async () => {
      const config = async () => (await t.agent().get('/api/square/web-payments/config')).body;
      // Sandbox, not connected, test payments on: the sandbox id is the one answered.
      await admin.post('/api/settings').send({ key: 'SQUARE_MODE', value: 'sandbox' }).expect(200);
      await admin.post('/api/settings').send({ key: 'SQUARE_APPLICATION_ID', value: 'sandbox-sq0idb-SandboxApp123' }).expect(200);
      expect(await config()).toMatchObject({ testMode: true, applicationId: 'sandbox-sq0idb-SandboxApp123', environment: 'sandbox' });
      // Production chosen with the sandbox id still saved: it is not answered.
      await admin.post('/api/settings').send({ key: 'ACCEPT_TEST_PAYMENTS', value: 'true' }).expect(200);
      await admin.post('/api/settings').send({ key: 'SQUARE_MODE', value: 'production' }).expect(200);
      expect(await config()).toMatchObject({ testMode: true, applicationId: null, environment: 'production' });
      await admin.post('/api/settings').send({ key: 'SQUARE_MODE', value: 'sandbox' }).expect(200);
      await t.app.get(SettingsService).remove('ACCEPT_TEST_PAYMENTS', 'SQUARE_APPLICATION_ID');
    });
  });

  describe('OAuth', () => {
    it("answers 400 'Please save your Square Application ID first.' while no id is saved", async () => {
      await t.app.get(SettingsService).remove('SQUARE_APPLICATION_ID');
      const res = await admin.get('/api/square/auth/url');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Please save your Square Application ID first.', code: 'SQUARE_CONFIGURATION_REQUIRED' });
    });

    it('reports not connected before any connection', async () => {
      const res = await admin.get('/api/square/auth/status');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ connected: false, merchantId: null });
    });

    let authUrl: URL;
    it('builds the authorize URL on the Square host with the saved id, the scopes, a state and a PKCE challenge', async () => {
      await admin.post('/api/settings').send({ key: 'SQUARE_APPLICATION_ID', value: APP_ID }).expect(200);
      const res = await admin.get('/api/square/auth/url');
      expect(res.status).toBe(200);
      authUrl = new URL(res.body.authUrl);
      expect(authUrl.origin).toBe(square.url);
      expect(authUrl.pathname).toBe('/oauth2/authorize');
      expect(authUrl.searchParams.get('client_id')).toBe(APP_ID);
      expect(authUrl.searchParams.get('scope')!.split(' ')).toEqual(
        expect.arrayContaining(['ITEMS_READ', 'CUSTOMERS_WRITE', 'ORDERS_WRITE', 'PAYMENTS_WRITE', 'MERCHANT_PROFILE_READ']),
      );
      expect(authUrl.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(authUrl.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/square/auth/callback');
      expect(authUrl.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The state is kept server-side, encrypted.
      const stored = await rawSetting('SQUARE_OAUTH_STATE');
      expect(stored).toMatch(/^enc:v1:/);
      expect(stored).not.toContain(authUrl.searchParams.get('state'));
    });

    it('refuses a callback with a wrong or missing state (no token exchange) and keeps the pending one', async () => {
      for (const query of [{ code: square.oauth.code, state: 'forged-state' }, { code: square.oauth.code }]) {
        const res = await t.agent().get('/api/square/auth/callback').query(query);
        expect(res.status).toBe(302);
        expect(res.headers.location).toBe('http://localhost:3000/admin?square=error');
      }
      expect(square.calls('/oauth2/token')).toHaveLength(0);
      expect(await rawSetting('SQUARE_OAUTH_STATE')).toBeDefined();
    });

    it('exchanges the code with oAuth.obtainToken and stores the tokens encrypted', async () => {
      const res = await t
        .agent()
        .get('/api/square/auth/callback')
        .query({ code: square.oauth.code, state: authUrl.searchParams.get('state') });
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('http://localhost:3000/admin?square=connected');

      const [exchange] = square.calls('/oauth2/token');
      expect(exchange.body).toMatchObject({
        client_id: APP_ID,
        grant_type: 'authorization_code',
        code: square.oauth.code,
        redirect_uri: 'http://localhost:3000/api/square/auth/callback',
      });
      const challenge = createHash('sha256').update(exchange.body!.code_verifier).digest('base64url');
      expect(challenge).toBe(authUrl.searchParams.get('code_challenge'));

      const access = await rawSetting('SQUARE_ACCESS_TOKEN');
      const refresh = await rawSetting('SQUARE_REFRESH_TOKEN');
      expect(access).toMatch(/^enc:v1:/);
      expect(refresh).toMatch(/^enc:v1:/);
      const all = JSON.stringify(await t.dataSource.query(`SELECT * FROM settings`));
      expect(all).not.toContain(square.oauth.accessToken);
      expect(all).not.toContain(square.oauth.refreshToken);
      expect(all).not.toContain('oauth-access-token');
      expect(await rawSetting('SQUARE_MERCHANT_ID')).toBe('MERCHANT-1');
      expect(await rawSetting('SQUARE_OAUTH_STATE')).toBeUndefined();

      expect((await admin.get('/api/square/auth/status')).body).toEqual({ connected: true, merchantId: 'MERCHANT-1' });
      const settings = await admin.get('/api/settings');
      expect(JSON.stringify(settings.body)).not.toMatch(/TOKEN|enc:v1|oauth/);
    });

    it('a used state cannot be replayed', async () => {
      const res = await t
        .agent()
        .get('/api/square/auth/callback')
        .query({ code: square.oauth.code, state: authUrl.searchParams.get('state') });
      expect(res.headers.location).toBe('http://localhost:3000/admin?square=error');
      expect(square.calls('/oauth2/token')).toHaveLength(0);
    });

    it('a seller who refuses (error in the callback) is sent back with square=error', async () => {
      const { body } = await admin.get('/api/square/auth/url');
      const state = new URL(body.authUrl).searchParams.get('state');
      const res = await t.agent().get('/api/square/auth/callback').query({ error: 'access_denied', state });
      expect(res.headers.location).toBe('http://localhost:3000/admin?square=error');
      expect(square.calls('/oauth2/token')).toHaveLength(0);
    });

    it('a code Square refuses leaves the shop as it was', async () => {
      const { body } = await admin.get('/api/square/auth/url');
      const state = new URL(body.authUrl).searchParams.get('state');
      const before = await rawSetting('SQUARE_ACCESS_TOKEN');
      const res = await t.agent().get('/api/square/auth/callback').query({ code: 'sq0cgb-wrong', state });
      expect(res.headers.location).toBe('http://localhost:3000/admin?square=error');
      expect(await rawSetting('SQUARE_ACCESS_TOKEN')).toBe(before);
    });

    it('the checkout gateway uses the decrypted token', async () => {
      const res = await t.agent().get('/api/square/web-payments/config');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ testMode: false, applicationId: APP_ID, locationId: 'LOC-MAIN' });
      expect(square.calls('/v2/locations')[0].authorization).toBe(`Bearer ${square.oauth.accessToken}`);
    });

    it('a token issued for the sandbox does not count once production is chosen', async () => {
      expect(await rawSetting('SQUARE_TOKEN_MODE')).toBe('sandbox');
      await admin.post('/api/settings').send({ key: 'SQUARE_MODE', value: 'production' }).expect(200);
      expect((await admin.get('/api/square/auth/status')).body).toEqual({ connected: false, merchantId: null });
      // Production without a connection: no test payments unless the owner turns them on.
      expect((await t.agent().get('/api/square/web-payments/config')).body).toMatchObject({ testMode: false, paymentsAvailable: false });
      await admin.post('/api/settings').send({ key: 'SQUARE_MODE', value: 'sandbox' }).expect(200);
      expect((await admin.get('/api/square/auth/status')).body.connected).toBe(true);
    });

    it('refreshes the token on use when under 7 days are left', async () => {
      await t.app.get(SettingsService).set('SQUARE_TOKEN_EXPIRES_AT', new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString());
      const newExpiry = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
      square.oauth.accessToken = 'EAAAl-oauth-access-token-2';
      square.oauth.expiresAt = newExpiry;
      const res = await admin.post('/api/square/catalog/sync');
      expect(res.status).toBe(200);
      const [refresh] = square.calls('/oauth2/token');
      expect(refresh.body).toMatchObject({ grant_type: 'refresh_token', refresh_token: square.oauth.refreshToken, client_id: APP_ID });
      expect(square.calls('/v2/catalog/list')[0].authorization).toBe('Bearer EAAAl-oauth-access-token-2');
      expect(await rawSetting('SQUARE_TOKEN_EXPIRES_AT')).toBe(newExpiry);
      expect(await rawSetting('SQUARE_ACCESS_TOKEN')).not.toContain('token-2');
      // Fresh again: no second refresh.
      square.reset();
      await admin.post('/api/square/catalog/sync').expect(200);
      expect(square.calls('/oauth2/token')).toHaveLength(0);
    });
  });

  describe('catalogue sync', () => {
    const item = (id: string, name: string, variations: Array<[string, string, number | null]>, categoryId?: string) => ({
      type: 'ITEM',
      id,
      item_data: {
        name,
        description_plaintext: `${name} from Square`,
        ...(categoryId ? { categories: [{ id: categoryId }] } : {}),
        variations: variations.map(([vid, vname, cents]) => ({
          type: 'ITEM_VARIATION',
          id: vid,
          item_variation_data: {
            item_id: id,
            name: vname,
            pricing_type: cents === null ? 'VARIABLE_PRICING' : 'FIXED_PRICING',
            ...(cents === null ? {} : { price_money: { amount: cents, currency: 'USD' } }),
          },
        })),
      },
    });

    beforeAll(async () => {
      await t.dataSource.query(
        `INSERT INTO products (name, slug, price_cents, variation_id, description) VALUES ('Old Mint Cocoa', 'old-mint-cocoa', 500, 'VAR-MINT', 'old text')`,
      );
    });

    it('creates, updates and leaves alone products matched by variation id; new categories by name', async () => {
      square.catalogObjects = [
        { type: 'CATEGORY', id: 'CAT-SEASONAL', category_data: { name: 'Seasonal Specials' } },
        { type: 'CATEGORY', id: 'CAT-HOT', category_data: { name: 'Hot Cocoa' } },
        item('ITEM-PEPPERMINT', 'Peppermint Cocoa', [['VAR-PEP', 'Regular', 899]], 'CAT-SEASONAL'),
        item('ITEM-MINT', 'Mint Cocoa', [['VAR-MINT', 'Regular', 650]], 'CAT-HOT'),
        item('ITEM-TIN', 'Gift Tin', [
          ['VAR-TIN-S', 'Small', 1200],
          ['VAR-TIN-L', 'Large', 2200],
          ['VAR-TIN-X', 'Custom', null],
        ]),
      ];
      const res = await admin.post('/api/square/catalog/sync');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ created: 3, updated: 1, unchanged: 0, skipped: 1, categories: ['Seasonal Specials'] });
      expect(square.calls('/v2/catalog/list').length).toBeGreaterThan(1); // paged
      expect(square.calls('/v2/catalog/list')[0].query.get('types')).toBe('ITEM,CATEGORY');

      const rows = await t.dataSource.query(
        `SELECT p.name, p.price_cents, p.description, p.variation_id, c.name AS category FROM products p LEFT JOIN categories c ON c.id = p.category_id WHERE p.variation_id LIKE 'VAR-%' ORDER BY p.variation_id`,
      );
      expect(rows).toEqual([
        { name: 'Mint Cocoa', price_cents: 650, description: 'Mint Cocoa from Square', variation_id: 'VAR-MINT', category: null },
        { name: 'Peppermint Cocoa', price_cents: 899, description: 'Peppermint Cocoa from Square', variation_id: 'VAR-PEP', category: 'Seasonal Specials' },
        { name: 'Gift Tin (Large)', price_cents: 2200, description: 'Gift Tin from Square', variation_id: 'VAR-TIN-L', category: null },
        { name: 'Gift Tin (Small)', price_cents: 1200, description: 'Gift Tin from Square', variation_id: 'VAR-TIN-S', category: null },
      ]);
      const [pep] = await t.dataSource.query(`SELECT slug FROM products WHERE variation_id = 'VAR-PEP'`);
      expect(pep.slug).toBe('peppermint-cocoa');
    });

    it('a second sync changes nothing; a new Square price is one update', async () => {
      let res = await admin.post('/api/square/catalog/sync');
      expect(res.body).toEqual({ created: 0, updated: 0, unchanged: 4, skipped: 1, categories: [] });
      square.catalogObjects[2].item_data.variations[0].item_variation_data.price_money.amount = 949;
      res = await admin.post('/api/square/catalog/sync');
      expect(res.body).toMatchObject({ created: 0, updated: 1, unchanged: 3 });
      const [row] = await t.dataSource.query(`SELECT price_cents FROM products WHERE variation_id = 'VAR-PEP'`);
      expect(row.price_cents).toBe(949);
    });

    it('a Square failure answers its detail and changes nothing', async () => {
      square.failNext.set('/v2/catalog/list', {
        status: 401,
        errors: [{ category: 'AUTHENTICATION_ERROR', code: 'UNAUTHORIZED', detail: 'This request could not be authorized.' }],
      });
      const before = await t.dataSource.query(`SELECT count(*)::int AS n FROM products`);
      const res = await admin.post('/api/square/catalog/sync');
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ message: 'This request could not be authorized.', code: 'SQUARE_UNAUTHORIZED' });
      expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM products`)).toEqual(before);
    });
  });

  it('disconnect forgets the tokens; sync then asks to connect', async () => {
    const res = await admin.post('/api/square/auth/disconnect');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ connected: false, merchantId: null });
    for (const key of ['SQUARE_ACCESS_TOKEN', 'SQUARE_REFRESH_TOKEN', 'SQUARE_TOKEN_EXPIRES_AT', 'SQUARE_TOKEN_MODE', 'SQUARE_MERCHANT_ID'])
      expect(await rawSetting(key)).toBeUndefined();
    expect(await rawSetting('SQUARE_APPLICATION_ID')).toBe(APP_ID);
    const sync = await admin.post('/api/square/catalog/sync');
    expect(sync.status).toBe(400);
    expect(sync.body.message).toBe('Connect Square first.');
    expect((await t.agent().get('/api/square/web-payments/config')).body.testMode).toBe(true);
  });
});
