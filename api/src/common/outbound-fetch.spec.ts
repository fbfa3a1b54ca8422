import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../config/config.schema';
import { NO_OUTBOUND_EXCEPTIONS, parseOutboundAllowlist } from '../config/outbound-allowlist';
import { nonPublicRange, OutboundFetchError, type OutboundFetchOptions, safeFetch } from './outbound-fetch';

/** Rejects with an OutboundFetchError: its reason and message. */
async function refusal(promise: Promise<unknown>): Promise<{ reason: string; message: string }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof OutboundFetchError) return { reason: err.reason, message: err.message };
    throw err;
  }
  throw new Error('the fetch was not refused');
}

describe('safeFetch: URLs a user supplies reach only public addresses', () => {
  let server: Server;
  let port = 0;
  let hits: string[] = [];
  const local = (path: string) => `http://127.0.0.1:${port}${path}`;
  const options = (allow: string, over: Partial<OutboundFetchOptions> = {}): OutboundFetchOptions => ({
    allow: parseOutboundAllowlist(allow),
    timeoutMs: 5000,
    maxBytes: 64 * 1024,
    ...over,
  });

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      hits.push(url.pathname);
      if (url.pathname === '/ok') return void res.writeHead(200, { 'Content-Type': 'text/plain' }).end('hello');
      if (url.pathname === '/redirect') return void res.writeHead(302, { Location: url.searchParams.get('to') ?? '/' }).end();
      if (url.pathname === '/loop') return void res.writeHead(301, { Location: '/loop' }).end();
      if (url.pathname === '/big') return void res.writeHead(200).end('x'.repeat(4096));
      if (url.pathname === '/big-chunked') {
        res.writeHead(200);
        for (let i = 0; i < 8; i += 1) res.write('y'.repeat(1024));
        return void res.end();
      }
      if (url.pathname === '/slow') return; // never answers
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  beforeEach(() => {
    hits = [];
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('refuses a feed on 127.0.0.1 without the allow-list, before connecting, with a clear message', async () => {
    expect(await refusal(safeFetch(local('/ok'), { allow: NO_OUTBOUND_EXCEPTIONS, timeoutMs: 5000, maxBytes: 1024 }))).toEqual({
      reason: 'refused',
      message: '127.0.0.1 is a loopback address; only addresses on the public internet are fetched',
    });
    expect(hits).toEqual([]);
  });

  it('checks the addresses a host name resolves to (localhost → 127.0.0.1)', async () => {
    expect((await refusal(safeFetch(`http://localhost:${port}/ok`, options('')))).message).toBe(
      'localhost (127.0.0.1) is a loopback address; only addresses on the public internet are fetched',
    );
    expect(hits).toEqual([]);
  });

  it.each([
    ['decimal', 'http://2130706433:PORT/ok'],
    ['octal', 'http://0177.0.0.1:PORT/ok'],
    ['hexadecimal', 'http://0x7f.0.0.1:PORT/ok'],
    ['short', 'http://127.1:PORT/ok'],
  ])('reads a %s IPv4 address as the address it is: refused', async (_form, url) => {
    expect((await refusal(safeFetch(url.replace('PORT', String(port)), options('')))).message).toBe(
      '127.0.0.1 is a loopback address; only addresses on the public internet are fetched',
    );
    expect(hits).toEqual([]);
  });

  it('judges an IPv4-mapped IPv6 address by the IPv4 address it carries', async () => {
    expect((await refusal(safeFetch(`http://[::ffff:127.0.0.1]:${port}/ok`, options('')))).message).toBe(
      '::ffff:7f00:1 is a loopback address; only addresses on the public internet are fetched',
    );
    expect((await refusal(safeFetch('http://[::ffff:10.0.0.1]/', options('')))).message).toBe(
      '::ffff:a00:1 is a private address; only addresses on the public internet are fetched',
    );
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
    ['http://10.20.30.40/feed.ics', '10.20.30.40 is a private address'],
    ['http://172.16.0.1/feed.ics', '172.16.0.1 is a private address'],
    ['http://192.168.1.1/feed.ics', '192.168.1.1 is a private address'],
    ['http://100.64.0.1/feed.ics', '100.64.0.1 is a shared (carrier-grade NAT) address'],
    ['http://0.0.0.0/feed.ics', '0.0.0.0 is an unspecified address'],
    ['http://[::1]/feed.ics', '::1 is a loopback address'],
    ['http://[fd00::1]/feed.ics', 'fd00::1 is a private (unique local) address'],
    ['http://[fe80::1]/feed.ics', 'fe80::1 is a link-local address'],
    ['http://[64:ff9b::a9fe:a9fe]/feed.ics', '64:ff9b::a9fe:a9fe is a NAT64 address'],
    ['http://2852039166/latest/meta-data/', '169.254.169.254 is a link-local address'],
    ['http://0251.0376.0251.0376/latest/meta-data/', '169.254.169.254 is a link-local address'],
    ['http://[::ffff:169.254.169.254]/latest/meta-data/', '::ffff:a9fe:a9fe is a link-local address'],
  ])('refuses a redirect from an allowed server to %s', async (to, why) => {
    const failure = await refusal(safeFetch(local(`/redirect?to=${encodeURIComponent(to)}`), options('127.0.0.1')));
    expect(failure).toEqual({ reason: 'refused', message: `${why}; only addresses on the public internet are fetched` });
    expect(hits).toEqual(['/redirect']);
  });

  it('refuses a redirect to another scheme', async () => {
    expect(await refusal(safeFetch(local(`/redirect?to=${encodeURIComponent('file:///etc/passwd')}`), options('127.0.0.1')))).toEqual({
      reason: 'refused',
      message: 'only http and https addresses are fetched (it redirected to file)',
    });
    expect(await refusal(safeFetch('ftp://example.com/feed.ics', options('')))).toEqual({
      reason: 'refused',
      message: 'only http and https addresses are fetched',
    });
    expect(await refusal(safeFetch(local('/ok'), options('127.0.0.1', { protocols: ['https:'] })))).toEqual({
      reason: 'refused',
      message: 'only https addresses are fetched',
    });
  });

  it.each([
    ['the IP', '127.0.0.1'],
    ['a CIDR range holding it', '127.0.0.0/8'],
    ['the host name used in the URL', 'localhost'],
  ])('fetches an allow-listed server named by %s, following its redirects', async (_what, allow) => {
    const host = allow === 'localhost' ? 'localhost' : '127.0.0.1';
    const res = await safeFetch(`http://${host}:${port}/redirect?to=%2Fok`, options(allow));
    expect({ status: res.status, ok: res.ok, body: res.body.toString(), url: res.url }).toEqual({
      status: 200,
      ok: true,
      body: 'hello',
      url: `http://${host}:${port}/ok`,
    });
    expect(hits).toEqual(['/redirect', '/ok']);
  });

  it('answers a non-2xx status as it is (the caller decides)', async () => {
    const res = await safeFetch(local('/missing'), options('127.0.0.1'));
    expect({ status: res.status, ok: res.ok }).toEqual({ status: 404, ok: false });
  });

  it('follows at most 5 redirects', async () => {
    expect(await refusal(safeFetch(local('/loop'), options('127.0.0.1')))).toEqual({ reason: 'failed', message: 'too many redirects (more than 5)' });
    expect(hits).toHaveLength(6);
  });

  it('cuts off a body over the size cap, declared or streamed', async () => {
    expect(await refusal(safeFetch(local('/big'), options('127.0.0.1', { maxBytes: 1024 })))).toEqual({
      reason: 'failed',
      message: 'the answer is larger than 1 KB',
    });
    expect(await refusal(safeFetch(local('/big-chunked'), options('127.0.0.1', { maxBytes: 2048 })))).toEqual({
      reason: 'failed',
      message: 'the answer is larger than 2 KB',
    });
  });

  it('gives up on a server that does not answer within the deadline', async () => {
    expect(await refusal(safeFetch(local('/slow'), options('127.0.0.1', { timeoutMs: 1000 })))).toEqual({ reason: 'failed', message: 'no answer within 1 s' });
  });

  it('says so when nothing listens or the host does not exist', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await refusal(safeFetch(`http://127.0.0.1:${closedPort}/`, options('127.0.0.1')))).toEqual({
      reason: 'failed',
      message: '127.0.0.1 refused the connection',
    });
    expect(await refusal(safeFetch('https://calendar.invalid/feed.ics', options('')))).toEqual({
      reason: 'failed',
      message: 'the host calendar.invalid was not found',
    });
  });
});

describe('OUTBOUND_ALLOWLIST', () => {
  it('reads host names, IPs and CIDR ranges, and is empty by default', () => {
    const allow = parseOutboundAllowlist(' feeds.internal , 127.0.0.1, 10.0.0.0/8, [::1], fd00::/8 ,');
    expect([...allow.hosts]).toEqual(['feeds.internal']);
    expect(allow.ranges.map(([ip, bits]) => `${ip.toString()}/${bits}`)).toEqual(['127.0.0.1/32', '10.0.0.0/8', '::1/128', 'fd00::/8']);
    expect(loadConfig({}).OUTBOUND_ALLOWLIST).toEqual({ hosts: new Set(), ranges: [] });
  });

  it.each([
    ['10.0.0.0/33', 'Invalid environment variable OUTBOUND_ALLOWLIST: "10.0.0.0/33" is not a CIDR range such as 10.0.0.0/8'],
    ['http://feeds.internal', 'Invalid environment variable OUTBOUND_ALLOWLIST: "http://feeds.internal" is not a host name, an IP address or a CIDR range'],
    ['127.1', 'Invalid environment variable OUTBOUND_ALLOWLIST: "127.1" is not a host name, an IP address or a CIDR range'],
  ])('refuses %j at start, naming the variable', (value, message) => {
    expect(() => loadConfig({ OUTBOUND_ALLOWLIST: value })).toThrow(message);
  });
});

describe('nonPublicRange', () => {
  it('passes public unicast addresses of both families', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946', '2001:4860:4860::8888'])
      expect(nonPublicRange(address)).toBeUndefined();
  });

  it('names every range that is not the public internet', () => {
    expect(
      Object.fromEntries(
        [
          '127.255.0.1',
          '10.0.0.1',
          '169.254.0.1',
          '224.0.0.1',
          '255.255.255.255',
          '192.0.2.1',
          '198.18.0.1',
          '::',
          'ff02::1',
          'fec0::1',
          '2002:7f00:1::',
          '2001:0:4136:e378::1',
          'not-an-ip',
        ].map((a) => [a, nonPublicRange(a)]),
      ),
    ).toEqual({
      '127.255.0.1': 'loopback',
      '10.0.0.1': 'private',
      '169.254.0.1': 'link-local',
      '224.0.0.1': 'multicast',
      '255.255.255.255': 'broadcast',
      '192.0.2.1': 'reserved',
      '198.18.0.1': 'benchmarking',
      '::': 'unspecified',
      'ff02::1': 'multicast',
      'fec0::1': 'site-local',
      '2002:7f00:1::': '6to4 tunnel',
      '2001:0:4136:e378::1': 'Teredo tunnel',
      'not-an-ip': 'unreadable',
    });
  });
});
