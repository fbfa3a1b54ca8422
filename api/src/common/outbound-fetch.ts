import { lookup as dnsLookup } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { OutboundAllowlist } from '../config/outbound-allowlist';

/**
 * Fetching a URL someone typed (a calendar feed today, a Web Push endpoint later) without letting it
 * reach the shop's own network: loopback, private and link-local addresses are refused unless
 * OUTBOUND_ALLOWLIST lists them (docs/features.md, "Calendar feeds").
 *
 * - Only http: and https: (callers may narrow to https:).
 * - The host's addresses are checked after DNS resolution, inside the socket's own lookup, so the
 *   connection goes to an address that was checked (no second resolution an attacker's DNS could
 *   answer differently). A literal IP in the URL is checked the same way; the URL parser has already
 *   turned decimal, octal and hex forms (http://2130706433/, http://0177.0.0.1/) into dotted quads,
 *   and an IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
 * - Refused: loopback, private (RFC 1918, IPv6 unique local), link-local (169.254/16 and fe80::/10,
 *   where cloud metadata services live), carrier-grade NAT, unspecified, multicast, broadcast,
 *   reserved and documentation ranges, and the IPv6 transition prefixes that embed an IPv4 address
 *   (NAT64, 6to4, Teredo). If any address a host resolves to is refused, the host is refused.
 * - Redirects are followed by hand, at most MAX_REDIRECTS hops, each hop checked like the first.
 * - One deadline for the whole exchange, redirects included, and a cap on the body's size.
 * - OUTBOUND_ALLOWLIST names exceptions: host names, IPs or CIDR ranges (a test's local server).
 * - TLS uses Node's trust store (NODE_EXTRA_CA_CERTS adds to it), or the `ca` list given (the
 *   config's OUTBOUND_EXTRA_CA: Node's bundled roots plus that file's certificates).
 * - GET by default; Web Push POSTs its encrypted message (`method`, `body`).
 */

/** Ranges ipaddr.js 1.9 counts as unicast that are not the public internet either. */
const EXTRA_IPV4: Array<[string, string]> = [['198.18.0.0/15', 'benchmarking']];
const EXTRA_IPV6: Array<[string, string]> = [['fec0::/10', 'site-local']];

const RANGE_WORDS: Record<string, string> = {
  loopback: 'loopback',
  private: 'private',
  uniqueLocal: 'private (unique local)',
  linkLocal: 'link-local',
  carrierGradeNat: 'shared (carrier-grade NAT)',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
  reserved: 'reserved',
  rfc6052: 'NAT64',
  rfc6145: 'IPv4-translated',
  '6to4': '6to4 tunnel',
  teredo: 'Teredo tunnel',
};

/** Why the address is not fetched ("loopback", "private"...), or undefined for a public address. */
export function nonPublicRange(address: string): string | undefined {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return 'unreadable';
  }
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  if (range !== 'unicast') return RANGE_WORDS[range] ?? range;
  for (const [cidr, word] of ip.kind() === 'ipv4' ? EXTRA_IPV4 : EXTRA_IPV6) {
    if (matches(ip, ipaddr.parseCIDR(cidr))) return word;
  }
  return undefined;
}

function matches(ip: ipaddr.IPv4 | ipaddr.IPv6, [net, bits]: [ipaddr.IPv4 | ipaddr.IPv6, number]): boolean {
  if (ip.kind() !== net.kind()) return false;
  return ip.kind() === 'ipv4' ? (ip as ipaddr.IPv4).match(net as ipaddr.IPv4, bits) : (ip as ipaddr.IPv6).match(net as ipaddr.IPv6, bits);
}

function allowListed(address: string, allow: OutboundAllowlist): boolean {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return false;
  }
  const mapped = ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress() ? (ip as ipaddr.IPv6).toIPv4Address() : undefined;
  return allow.ranges.some((range) => matches(ip, range) || (mapped !== undefined && matches(mapped, range)));
}

/** A refusal or failure to put in front of the person who typed the URL; the message says why. */
export class OutboundFetchError extends Error {
  constructor(
    message: string,
    /** 'refused': the URL or an address it leads to is not allowed; 'failed': it could not be fetched. */
    readonly reason: 'refused' | 'failed',
  ) {
    super(message);
    this.name = 'OutboundFetchError';
  }
}

function checkAddress(host: string, address: string, allow: OutboundAllowlist): void {
  const range = nonPublicRange(address);
  if (range === undefined || allowListed(address, allow)) return;
  const shown = host === address ? address : `${host} (${address})`;
  throw new OutboundFetchError(
    `${shown} is ${/^[aeiou]/i.test(range) ? 'an' : 'a'} ${range} address; only addresses on the public internet are fetched`,
    'refused',
  );
}

/** The socket's lookup: resolves every address, refuses the host if any is not public, connects to a checked one. */
function checkedLookup(allow: OutboundAllowlist): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family, hints: options.hints }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      try {
        if (addresses.length === 0) throw new OutboundFetchError(`${hostname} has no address`, 'failed');
        for (const a of addresses) checkAddress(hostname, a.address, allow);
      } catch (refusal) {
        return callback(refusal as NodeJS.ErrnoException, '', 4);
      }
      if (options.all) (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

export interface OutboundFetchOptions {
  allow: OutboundAllowlist;
  /** The whole exchange, redirects included. */
  timeoutMs: number;
  /** The body is cut off (and the fetch refused) past this many bytes. */
  maxBytes: number;
  headers?: Record<string, string>;
  /** Default http: and https:; Web Push narrows it to https:. */
  protocols?: ReadonlyArray<'http:' | 'https:'>;
  maxRedirects?: number;
  /** Default GET; a redirect is followed with the same method and body. */
  method?: 'GET' | 'POST';
  body?: Buffer;
  /** The certificates https: trusts, in place of Node's default store (config: OUTBOUND_EXTRA_CA adds its own to Node's roots). */
  ca?: ReadonlyArray<string>;
}

export interface OutboundResponse {
  status: number;
  ok: boolean;
  headers: IncomingHttpHeaders;
  /** The URL that answered, after redirects. */
  url: string;
  body: Buffer;
}

export const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** GET (or POST) `url` under the rules above. Throws OutboundFetchError with a message fit for the owner. */
export async function safeFetch(url: string, options: OutboundFetchOptions): Promise<OutboundResponse> {
  const protocols = options.protocols ?? ['http:', 'https:'];
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let current = url;
  for (let hop = 0; ; hop += 1) {
    let target: URL;
    try {
      target = new URL(current);
    } catch {
      throw new OutboundFetchError(hop === 0 ? 'the address is not a valid URL' : 'it redirected to an address that is not a valid URL', 'refused');
    }
    if (!(protocols as readonly string[]).includes(target.protocol)) {
      throw new OutboundFetchError(
        `only ${protocols.map((p) => p.slice(0, -1)).join(' and ')} addresses are fetched${hop ? ' (it redirected to ' + target.protocol.slice(0, -1) + ')' : ''}`,
        'refused',
      );
    }
    const res = await request(target, options, deadline);
    const location = res.headers.location;
    if (REDIRECTS.has(res.statusCode ?? 0) && location) {
      res.resume();
      if (hop >= maxRedirects) throw new OutboundFetchError(`too many redirects (more than ${maxRedirects})`, 'failed');
      current = new URL(location, target).toString();
      continue;
    }
    const body = await readBody(res, options.maxBytes, deadline, options.timeoutMs);
    const status = res.statusCode ?? 0;
    return { status, ok: status >= 200 && status < 300, headers: res.headers, url: target.toString(), body };
  }
}

function request(target: URL, options: OutboundFetchOptions, deadline: AbortSignal): Promise<IncomingMessage> {
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const byName = options.allow.hosts.has(host.replace(/\.$/, ''));
  // A literal address never reaches the lookup: check it here.
  if (!byName && isIP(host)) checkAddress(host, host, options.allow);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        signal: deadline,
        // A fresh connection per request: a pooled socket is never reused across checks.
        agent: false,
        ...(byName ? {} : { lookup: checkedLookup(options.allow) }),
        ...(options.ca && target.protocol === 'https:' ? { ca: [...options.ca] } : {}),
      },
      resolve,
    );
    req.on('error', (err) => reject(describe(err, target, options.timeoutMs)));
    req.end(options.body);
  });
}

function readBody(res: IncomingMessage, maxBytes: number, deadline: AbortSignal, timeoutMs: number): Promise<Buffer> {
  const tooLarge = () =>
    new OutboundFetchError(
      `the answer is larger than ${maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / 1024 / 1024)} MB` : `${Math.ceil(maxBytes / 1024)} KB`}`,
      'failed',
    );
  if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
    res.destroy();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cutOff = (err?: Error) =>
      reject(
        deadline.aborted
          ? describe(deadline.reason as Error, undefined, timeoutMs)
          : err
            ? describe(err, undefined, timeoutMs)
            : new OutboundFetchError('the connection was cut off', 'failed'),
      );
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(tooLarge());
        res.destroy();
        return;
      }
      chunks.push(chunk);
    });
    res.on('end', () => resolve(Buffer.concat(chunks)));
    res.on('error', cutOff);
    res.on('close', () => {
      if (!res.complete) cutOff();
    });
  });
}

/** Node's network errors in words; our own refusals pass through. */
function describe(err: Error, target: URL | undefined, timeoutMs: number): OutboundFetchError {
  if (err instanceof OutboundFetchError) return err;
  const code = (err as NodeJS.ErrnoException).code;
  const host = target?.hostname ?? 'the server';
  if (err.name === 'AbortError' || err.name === 'TimeoutError' || code === 'ABORT_ERR')
    return new OutboundFetchError(`no answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}`, 'failed');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') return new OutboundFetchError(`the host ${host} was not found`, 'failed');
  if (code === 'ECONNREFUSED') return new OutboundFetchError(`${host} refused the connection`, 'failed');
  if (code === 'ECONNRESET' || code === 'EPIPE') return new OutboundFetchError('the connection was cut off', 'failed');
  if (code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return new OutboundFetchError(`${host} could not be reached`, 'failed');
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT') || code === 'DEPTH_ZERO_SELF_SIGNED_CERT')
    return new OutboundFetchError(`the secure connection to ${host} failed (${err.message})`, 'failed');
  return new OutboundFetchError(err.message, 'failed');
}
