import { get, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { useTestAppServing } from '../test/test-app';

const SCRIPT = `console.log(${JSON.stringify('cocoa '.repeat(500))});`;

/** Phones get the build's .br/.gz copies of the hashed assets; anything else gets the plain file. */
describe('precompressed PWA assets', () => {
  const { t } = useTestAppServing({
    'index.html': '<html><body><div id="root"></div></body></html>',
    'assets/start-abc123.js': SCRIPT,
    'assets/start-abc123.js.br': brotliCompressSync(SCRIPT),
    'assets/start-abc123.js.gz': gzipSync(SCRIPT),
    'assets/plain-def456.css': 'body{color:brown}',
  });
  let port: number;

  beforeAll(async () => {
    const server = t.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  /** The bytes as sent, not inflated. */
  async function fetchRaw(path: string, acceptEncoding?: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path, headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, resolve).on('error', reject);
    });
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    return { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) };
  }

  it('sends brotli when accepted, else gzip, with the script type, Vary and a year of caching', async () => {
    const br = await fetchRaw('/assets/start-abc123.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 10);

    const gz = await fetchRaw('/assets/start-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    expect(gz.headers.etag).toBeTruthy();
    expect(gz.headers.etag).not.toBe(br.headers.etag);
  });

  it('sends the plain file to a client that accepts no compression, or when no copy exists', async () => {
    const plain = await fetchRaw('/assets/start-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    const refused = await fetchRaw('/assets/start-abc123.js', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString()).toBe(SCRIPT);
    const css = await fetchRaw('/assets/plain-def456.css', 'br');
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body.toString()).toBe('body{color:brown}');
  });

  it('answers 404 for an unknown asset (never the app shell) and serves nothing compressed outside the assets folder', async () => {
    const missing = await fetchRaw('/assets/missing-000.js', 'br, gzip');
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).not.toContain('<html');
    for (const path of ['/assets/..%2findex.html.gz', '/assets/%2e%2e/index.html', '/assets/..%2f..%2f..%2fetc%2fpasswd']) {
      const res = await fetchRaw(path, 'br, gzip');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.toString()).not.toMatch(/cocoa cocoa|root:/);
    }
  });
});
