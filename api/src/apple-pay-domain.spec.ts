import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './config/config.schema';
import { APPLE_PAY_DOMAIN_PATH } from './apple-pay-domain';
import { startTestApp, type TestApp } from './test/test-app';

/**
 * Apple's check of the shop's domain (docs/operations.md "Apple Pay"): the file
 * APPLE_PAY_DOMAIN_ASSOCIATION names is served as text/plain at the well-known path; without it the
 * path is a 404, never the app shell the other paths fall back to.
 */
describe('the Apple Pay domain association file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cocoa-apple-pay-'));
  const file = join(dir, 'apple-developer-merchantid-domain-association');
  const content = '7B227073704964223A2239373943394538343346343131343044463144313834343232393232343936';
  // A built app's shell of its own, so the fallback to it is there to be refused.
  const dist = join(dir, 'dist');
  const apps: TestApp[] = [];

  beforeAll(() => {
    writeFileSync(file, content);
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="en"><head><title>Cocoa</title></head><body><div id="root"></div></body></html>');
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    rmSync(dir, { recursive: true, force: true });
  });
  const start = async (env: Record<string, string>) => {
    const t = await startTestApp({ PWA_DIST: dist, ...env });
    apps.push(t);
    return t;
  };

  it('is served as text/plain from the configured path, as read at start', async () => {
    const t = await start({ APPLE_PAY_DOMAIN_ASSOCIATION: file });
    writeFileSync(file, 'changed after start');
    try {
      const res = await t.agent().get(APPLE_PAY_DOMAIN_PATH);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.text).toBe(content);
    } finally {
      writeFileSync(file, content);
    }
    // The app shell still answers the app's own routes.
    expect((await t.agent().get('/products')).text).toContain('<div id="root">');
  });

  it('is a 404 when unset, not the app shell', async () => {
    const t = await start({});
    const res = await t.agent().get(APPLE_PAY_DOMAIN_PATH);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    expect(res.text).not.toContain('<div id="root">');
  });

  it('stops the start, naming the variable, when the path cannot be read', () => {
    expect(() => loadConfig({ APPLE_PAY_DOMAIN_ASSOCIATION: join(dir, 'missing') })).toThrow(
      /Invalid environment variable APPLE_PAY_DOMAIN_ASSOCIATION: cannot read .*missing \(ENOENT\)/,
    );
  });
});
