import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from './test/test-app';

/** The API serves the built PWA: assets cached for a year, client routes get the app shell, /api and /uploads never do. */
describe('serving the built PWA', () => {
  let t: TestApp;
  const dist = mkdtempSync(join(tmpdir(), 'cocoa-dist-'));

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<html><body><div id="root"><header>bar</header><!--home-only--><section>HERO</section><!--/home-only--></div></body></html>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'sw.js'), 'self.x=1');
    t = await startTestApp({ PWA_DIST: dist });
    mkdirSync(join(t.config.uploadsDir, 'products'), { recursive: true });
    writeFileSync(join(t.config.uploadsDir, 'products', 'cup.png'), 'png-bytes');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers the home page with the full static first screen', async () => {
    const res = await t.agent().get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('HERO');
  });

  it('answers client routes with the shell minus the home-only hero', async () => {
    for (const path of ['/products', '/products/classic-dark-hot-cocoa', '/cocoa-tracker', '/no/such/page']) {
      const res = await t.agent().get(path);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<header>bar</header>');
      expect(res.text).not.toContain('HERO');
    }
  });

  it('caches hashed assets for a year and revalidates the service worker', async () => {
    const asset = await t.agent().get('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sw = await t.agent().get('/sw.js');
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('never answers /api or /uploads with the shell', async () => {
    const api = await t.agent().get('/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.body.message).toBe('Not found');
    const missingUpload = await t.agent().get('/uploads/products/missing.png');
    expect(missingUpload.status).toBe(404);
    expect(missingUpload.text).not.toContain('<html>');
    const upload = await t.agent().get('/uploads/products/cup.png');
    expect(upload.status).toBe(200);
    expect(upload.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('sends security headers with a policy that allows Square and the tile host', async () => {
    const res = await t.agent().get('/');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('https://web.squarecdn.com');
    expect(csp).toContain('https://tile.openstreetmap.org');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
