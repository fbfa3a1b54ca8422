import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { captureStdout } from '../test/capture-stdout';
import { useTestApp } from '../test/test-app';
import { log, redactUrl, setLogLevel, withRequestLog } from './logger';

type Line = Record<string, unknown> & { msg: string; level: string; reqId?: string; req?: { url: string; method: string }; res?: { statusCode: number } };
const parse = (lines: string[]): Line[] => lines.flatMap((chunk) => chunk.split('\n').filter((l) => l.startsWith('{'))).map((l) => JSON.parse(l) as Line);

describe('logs: one JSON line each, a request id per request, secrets redacted by configuration', () => {
  let server: Server;
  let base: string;
  let stdout: ReturnType<typeof captureStdout>;

  beforeAll(async () => {
    // A stand-in handler that logs while handling, as the app's services do.
    server = createServer(
      withRequestLog((req, res) => {
        log('warn', 'handling', { password: 'hunter2', order: { token: 'tok-123', id: 7 }, note: 'kept' });
        res.statusCode = req.url?.startsWith('/boom') ? 500 : 200;
        res.end('ok');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    setLogLevel('info');
    stdout = captureStdout();
  });
  afterEach(() => {
    stdout.restore();
    setLogLevel('silent');
  });

  it('gives each request an id, answers it in X-Request-Id, and puts it on every line logged while handling it', async () => {
    const first = await fetch(`${base}/api/things?token=secret-link&page=2`, { headers: { Cookie: 'cocoa.sid=s%3Aabc', Authorization: 'Bearer abc' } });
    const second = await fetch(`${base}/api/things`);
    const ids = [first.headers.get('x-request-id'), second.headers.get('x-request-id')];
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).not.toBe(ids[0]);
    const lines = parse(stdout.lines);
    const handling = lines.filter((l) => l.msg === 'handling');
    expect(handling.map((l) => l.reqId)).toEqual(ids);
    const access = lines.filter((l) => l.msg === 'request');
    expect(access).toHaveLength(2);
    expect(access[0]).toMatchObject({
      level: 'info',
      reqId: ids[0],
      req: { method: 'GET', url: '/api/things?token=%5Bredacted%5D&page=2' },
      res: { statusCode: 200 },
    });
    expect(typeof access[0].responseTime).toBe('number');
    expect(typeof access[0].time).toBe('string');
    // Nothing secret anywhere: the link's token, the cookie, the authorization header, the logged fields.
    const text = stdout.lines.join('');
    for (const secret of ['secret-link', 's%3Aabc', 'Bearer abc', 'hunter2', 'tok-123']) expect(text).not.toContain(secret);
    expect(handling[0]).toMatchObject({ password: '[redacted]', order: { token: '[redacted]', id: 7 }, note: 'kept' });
  });

  it('keeps a sane X-Request-Id from a proxy and replaces one that is not', async () => {
    expect((await fetch(`${base}/api/x`, { headers: { 'X-Request-Id': 'lb-7f3a9c21' } })).headers.get('x-request-id')).toBe('lb-7f3a9c21');
    const odd = await fetch(`${base}/api/x`, { headers: { 'X-Request-Id': 'has spaces and "quotes"' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs a 5xx at error without a stack; static files are not access-logged', async () => {
    await fetch(`${base}/boom`);
    await fetch(`${base}/assets/index-abc123.js`);
    const access = parse(stdout.lines).filter((l) => l.msg === 'request');
    expect(access).toEqual([expect.objectContaining({ level: 'error', res: { statusCode: 500 } })]);
    expect(JSON.stringify(access[0])).not.toContain('stack');
  });

  it('redacts the secret parameters of a logged URL and nothing else', () => {
    expect(redactUrl('/api/square/auth/callback?code=sq0cgp-abc&state=xyz&mode=sandbox')).toBe(
      '/api/square/auth/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&mode=sandbox',
    );
    expect(redactUrl('/api/products')).toBe('/api/products');
  });
});

describe('the app’s access log', () => {
  const t = useTestApp({ LOG_LEVEL: 'info' });

  it('logs every API request with its id, the public answer cache’s replays included', async () => {
    const stdout = captureStdout();
    try {
      const a = await t.agent().get('/api/square/catalog/products');
      const b = await t.agent().get('/api/square/catalog/products');
      const access = parse(stdout.lines).filter((l) => l.msg === 'request' && l.req?.url === '/api/square/catalog/products');
      expect(access.map((l) => l.reqId)).toEqual([a.headers['x-request-id'], b.headers['x-request-id']]);
      expect(access.map((l) => l.res?.statusCode)).toEqual([200, 200]);
    } finally {
      stdout.restore();
    }
  });
});
