import { setLogLevel } from '../common/logger';
import { loadConfig } from '../config/config.schema';
import { SecretBox } from '../settings/secret-box';
import type { SettingsService } from '../settings/settings.service';
import { SquareApiDouble } from './square-api.double';
import { REFRESH_BEFORE_MS, SquareAuthService } from './square-auth.service';

/** Settings in memory, sealed like the real service (no database needed for these paths). */
function memorySettings(): SettingsService & { rows: Map<string, string> } {
  const rows = new Map<string, string>();
  const box = new SecretBox('a-session-secret-of-enough-length');
  const fake = {
    rows,
    get: async (key: string) => rows.get(key),
    getMany: async (keys: readonly string[]) => Object.fromEntries(keys.filter((k) => rows.has(k)).map((k) => [k, rows.get(k)!])),
    set: async (key: string, value: string) => void rows.set(key, value),
    remove: async (...keys: string[]) => keys.forEach((k) => rows.delete(k)),
    removeIf: async (key: string, value: string) => rows.get(key) === value && rows.delete(key),
    setSecret: async (key: string, plain: string) => void rows.set(key, box.seal(plain)),
    openSecret: async (sealed: string | undefined) => (sealed ? box.open(sealed) : undefined),
  };
  return fake as unknown as SettingsService & { rows: Map<string, string> };
}

describe('Square OAuth with an application secret (code flow, no PKCE)', () => {
  let square: SquareApiDouble;
  beforeAll(async () => {
    setLogLevel('silent');
    square = await new SquareApiDouble().start();
  });
  afterAll(() => square.stop());

  function service(env: Record<string, string> = {}) {
    const settings = memorySettings();
    const config = loadConfig({ SQUARE_BASE_URL: square.url, SQUARE_APPLICATION_SECRET: 'sq0csp-test-secret', PUBLIC_URL: 'https://shop.example.com', ...env });
    return { auth: new SquareAuthService(config, settings), settings };
  }

  it('sends the client secret (and no verifier) to oAuth.obtainToken, then revokes with it on disconnect', async () => {
    square.reset();
    const { auth, settings } = service();
    await settings.set('SQUARE_APPLICATION_ID', 'sandbox-sq0idb-SandboxApp123');
    const url = new URL((await auth.authUrl()).authUrl);
    expect(url.searchParams.get('code_challenge')).toBeNull();
    expect(url.searchParams.get('redirect_uri')).toBe('https://shop.example.com/api/square/auth/callback');
    expect(await auth.handleCallback({ code: square.oauth.code, state: url.searchParams.get('state')! })).toBe('connected');
    const [exchange] = square.calls('/oauth2/token');
    expect(exchange.body).toMatchObject({ client_id: 'sandbox-sq0idb-SandboxApp123', client_secret: 'sq0csp-test-secret', grant_type: 'authorization_code' });
    expect(exchange.body!.code_verifier).toBeUndefined();
    expect(await auth.accessToken()).toBe(square.oauth.accessToken);

    expect(await auth.disconnect()).toEqual({ connected: false, merchantId: null });
    const [revoke] = square.calls('/oauth2/revoke');
    expect(revoke.authorization).toBe('Client sq0csp-test-secret');
    expect(revoke.body).toMatchObject({ client_id: 'sandbox-sq0idb-SandboxApp123', access_token: square.oauth.accessToken });
    expect(await auth.accessToken()).toBeNull();
  });

  it('an expired token whose refresh fails counts as not connected; a near-expiry one is still used', async () => {
    square.reset();
    const { auth, settings } = service();
    await settings.set('SQUARE_APPLICATION_ID', 'sq0idp-ProductionApp123');
    await settings.setSecret('SQUARE_ACCESS_TOKEN', 'EAAA-old');
    await settings.setSecret('SQUARE_REFRESH_TOKEN', 'EQAA-not-known-to-square');
    await settings.set('SQUARE_TOKEN_EXPIRES_AT', new Date(Date.now() + REFRESH_BEFORE_MS / 2).toISOString());
    expect(await auth.accessToken()).toBe('EAAA-old');
    expect(square.calls('/oauth2/token')[0].body).toMatchObject({ grant_type: 'refresh_token', client_secret: 'sq0csp-test-secret' });
    await settings.set('SQUARE_TOKEN_EXPIRES_AT', new Date(Date.now() - 1000).toISOString());
    expect(await auth.accessToken()).toBeNull();
    expect((await auth.status()).connected).toBe(false);
  });

  it('SQUARE_ACCESS_TOKEN in the environment overrides the stored token', async () => {
    const { auth, settings } = service({ SQUARE_ACCESS_TOKEN: 'EAAA-from-env' });
    await settings.setSecret('SQUARE_ACCESS_TOKEN', 'EAAA-stored');
    expect(await auth.accessToken()).toBe('EAAA-from-env');
    expect((await auth.status()).connected).toBe(true);
  });

  it('uses the production connect host without SQUARE_BASE_URL', async () => {
    const settings = memorySettings();
    await settings.set('SQUARE_APPLICATION_ID', 'sq0idp-ProductionApp123');
    await settings.set('SQUARE_MODE', 'production');
    const auth = new SquareAuthService(loadConfig({}), settings);
    expect((await auth.authUrl()).authUrl).toMatch(/^https:\/\/connect\.squareup\.com\/oauth2\/authorize\?client_id=sq0idp-ProductionApp123&/);
    await settings.set('SQUARE_MODE', 'sandbox');
    // The production id is not sent to the sandbox's page.
    await expect(auth.authUrl()).rejects.toThrow('This is a production Application ID (sq0idp-…) but the environment is sandbox');
    await settings.set('SQUARE_APPLICATION_ID', 'sandbox-sq0idb-SandboxApp123');
    expect((await auth.authUrl()).authUrl).toMatch(/^https:\/\/connect\.squareupsandbox\.com\/oauth2\/authorize\?/);
  });
});
