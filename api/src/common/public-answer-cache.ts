import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

/** Set on `res.locals` by @PublicAnswer(): this 200 is the same for every caller and may be shared. */
export const PUBLIC_ANSWER = 'publicAnswer';

export interface AnswerCacheLimits {
  /** Bounds staleness after an out-of-band change (psql, a lost replica notice) and date-relative answers. */
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
}

export const DEFAULT_ANSWER_CACHE_LIMITS: AnswerCacheLimits = { ttlMs: 30_000, maxEntries: 1000, maxBytes: 64 * 1024 * 1024 };

/**
 * Writes that never change a public answer (sign-in, customer forms, checkout). Every other write
 * under /api that may have changed something clears the cache, so a new admin route is safe by default.
 */
const WRITES_LEAVING_PUBLIC_ANSWERS = new Set([
  'POST /api/login',
  'POST /api/logout',
  'POST /api/register',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'PATCH /api/me/customer',
  'POST /api/contact',
  'POST /api/events/inquiries',
  'POST /api/square/checkout/complete',
  'POST /api/square/webhooks',
  'POST /api/orders/create-from-payment',
  'DELETE /api/cart/clear',
  // The legal pages editor's preview: renders, stores nothing.
  'POST /api/admin/legal-pages/preview',
]);

/** Smaller answers gain less from gzip than it costs the phone to inflate them. */
const GZIP_MIN_BYTES = 1024;

/** Headers not kept with an answer: they belong to one connection, Node writes them itself, or to the one request (its X-Request-Id, set by the access log). */
const PER_CONNECTION_HEADERS = ['date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id'];

interface Answer {
  headers: OutgoingHttpHeaders;
  notModifiedHeaders: OutgoingHttpHeaders;
  body: Buffer;
  /** Made on the first replay to a caller that accepts gzip (browsers do), then kept. */
  gzipped?: { headers: OutgoingHttpHeaders; body: Buffer };
  etag: string | undefined;
  storedAt: number;
  /** False once a write may have changed it: then it is only a last good copy (see `front`). */
  current: boolean;
}

/** Marks a last good copy sent in place of a 503 (RFC 9111's Warning 110, and a plain flag). */
export const STALE_HEADERS: OutgoingHttpHeaders = { warning: '110 - "Response is Stale"', 'x-cache': 'STALE' };

/**
 * The public catalogue and schedule are read far more often than they change, and the framework
 * (routing, sessions, helmet, TypeORM) costs far more than the bytes. So the first 200 of a
 * public GET is kept exactly as the app sent it (security headers, ETag included) and replayed to
 * later callers before Express runs, gzipped for callers that accept it, with 304s for matching
 * ETags. Any write that may change it clears everything; `onInvalidate` listeners tell the other
 * replicas.
 *
 * Cleared and expired answers are not forgotten but kept as the last good copy (within the same
 * entry and byte limits): when the app answers such a GET with a 503 (the database is away), the
 * caller gets that copy instead, marked with `Warning: 110 - "Response is Stale"`, `X-Cache: STALE`
 * and its `Age`, so the shop stays readable through an outage. It is never used while the app
 * answers anything else. The same holds for `remember`ed values: a failed computation falls back
 * to the last good value.
 */
export class PublicAnswerCache {
  private readonly answers = new Map<string, Answer>();
  private bytes = 0;
  /** Bumped on every clear: an answer computed across a clear may be stale and is not kept. */
  private generation = 0;
  private readonly invalidateListeners: Array<() => void> = [];
  private readonly values = new Map<string, { value: Promise<unknown>; storedAt: number; current: boolean }>();
  /** The last value each `remember` key resolved to: what a failed computation falls back to. */
  private readonly lastGoodValues = new Map<string, unknown>();

  constructor(
    private readonly limits: AnswerCacheLimits = DEFAULT_ANSWER_CACHE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Answers kept, current ones and last good copies. */
  get size(): number {
    return this.answers.size;
  }

  /** Wraps the app's request listener: hits are answered here, everything else reaches the app. */
  front(app: RequestListener): RequestListener {
    return (req, res) => {
      const url = req.url ?? '';
      if (req.method === 'GET' && url.startsWith('/api/')) {
        if (this.replay(url, req, res)) return;
        this.keepIfShareable(url, req, res);
      } else if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS' && url.startsWith('/api/')) {
        this.clearAfterWrite(req, res);
      }
      app(req, res);
    };
  }

  /** After a change made here: clear, and let listeners (other replicas) know. */
  invalidate(): void {
    this.clear();
    for (const listener of this.invalidateListeners) listener();
  }

  /** After a change made elsewhere (another replica's notice). What was kept stays as last good copies. */
  clear(): void {
    this.generation++;
    for (const answer of this.answers.values()) answer.current = false;
    for (const kept of this.values.values()) kept.current = false;
  }

  /**
   * A value made from public data outside an /api answer (the catalogue written into the
   * /products page), kept under the same rules: until a change or for the time to live.
   */
  remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const kept = this.values.get(key);
    if (kept?.current && this.now() - kept.storedAt <= this.limits.ttlMs) return kept.value as Promise<T>;
    const generation = this.generation;
    const computed = compute();
    const value = computed.then(
      (made) => {
        if (generation === this.generation) this.lastGoodValues.set(key, made);
        return made;
      },
      (error: unknown) => {
        // A failure is not kept: the next caller tries again. Meanwhile the last good value serves.
        if (this.values.get(key)?.value === value) this.values.delete(key);
        if (this.lastGoodValues.has(key)) return this.lastGoodValues.get(key) as T;
        throw error;
      },
    );
    this.values.set(key, { value, storedAt: this.now(), current: true });
    return value;
  }

  onInvalidate(listener: () => void): void {
    this.invalidateListeners.push(listener);
  }

  private replay(url: string, req: IncomingMessage, res: ServerResponse): boolean {
    const answer = this.answers.get(url);
    if (!answer?.current || this.now() - answer.storedAt > this.limits.ttlMs) return false;
    this.send(answer, req, res, null, res.end.bind(res) as (body?: Buffer) => ServerResponse);
    return true;
  }

  /** Writes a kept answer (304, gzipped or plain), with `extra` headers, through `end`. */
  private send(answer: Answer, req: IncomingMessage, res: ServerResponse, extra: OutgoingHttpHeaders | null, end: (body?: Buffer) => ServerResponse): void {
    // writeHead copies what it is given: the kept headers go as they are, unless there is more to add.
    const withExtra = (headers: OutgoingHttpHeaders) => (extra ? { ...headers, ...extra } : headers);
    if (answer.etag && etagMatches(req.headers['if-none-match'], answer.etag)) {
      res.writeHead(304, withExtra(answer.notModifiedHeaders));
      end();
    } else if (answer.body.length >= GZIP_MIN_BYTES && acceptsGzip(req.headers['accept-encoding'])) {
      if (!answer.gzipped) {
        answer.gzipped = gzipped(answer);
        this.bytes += answer.gzipped.body.length;
      }
      res.writeHead(200, withExtra(answer.gzipped.headers));
      end(answer.gzipped.body);
    } else {
      res.writeHead(200, withExtra(answer.headers));
      end(answer.body);
    }
  }

  private keepIfShareable(url: string, req: IncomingMessage, res: ServerResponse): void {
    const generation = this.generation;
    let body: Buffer | undefined;
    let streamed = false;
    let stale = false;
    const write = res.write.bind(res) as (...a: unknown[]) => boolean;
    const end = res.end.bind(res) as (...a: unknown[]) => ServerResponse;
    res.write = function (...args: unknown[]) {
      streamed = true;
      return write(...args);
    } as ServerResponse['write'];
    res.end = ((...args: unknown[]) => {
      // The database is away (503): the last good copy, marked stale, rather than no shop at all.
      const lastGood = this.answers.get(url);
      if (res.statusCode === 503 && lastGood && !streamed && !res.headersSent) {
        stale = true;
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        this.send(lastGood, req, res, { ...STALE_HEADERS, age: String(Math.max(0, Math.floor((this.now() - lastGood.storedAt) / 1000))) }, end);
        return res;
      }
      const [chunk, encoding] = args;
      if (typeof chunk === 'string') body = Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
      else if (chunk instanceof Uint8Array) body = Buffer.from(chunk);
      return end(...args);
    }) as ServerResponse['end'];
    res.once('finish', () => {
      const shareable = (res as ServerResponse & { locals?: Record<string, unknown> }).locals?.[PUBLIC_ANSWER] === true;
      if (!shareable || streamed || stale || !body || res.statusCode !== 200 || res.hasHeader('set-cookie')) return;
      if (generation !== this.generation) return;
      this.store(url, res.getHeaders(), body);
    });
  }

  private clearAfterWrite(req: IncomingMessage, res: ServerResponse): void {
    const route = `${req.method} ${(req.url ?? '').split('?')[0]}`;
    if (WRITES_LEAVING_PUBLIC_ANSWERS.has(route)) return;
    res.once('close', () => {
      // Refused input changes nothing (4xx); a 5xx or a dropped connection may have changed something.
      const refused = res.writableFinished && res.statusCode >= 400 && res.statusCode < 500;
      if (!refused) this.invalidate();
    });
  }

  private store(url: string, sent: OutgoingHttpHeaders, body: Buffer): void {
    if (body.length > this.limits.maxBytes / 4) return;
    const headers: OutgoingHttpHeaders = { vary: 'Accept-Encoding' };
    for (const [name, value] of Object.entries(sent)) if (value !== undefined && !PER_CONNECTION_HEADERS.includes(name)) headers[name] = value;
    const { 'content-type': _type, 'content-length': _length, ...notModifiedHeaders } = headers;
    const previous = this.answers.get(url);
    if (previous) this.remove(url, previous);
    this.answers.set(url, {
      headers,
      notModifiedHeaders,
      body,
      etag: typeof headers.etag === 'string' ? headers.etag : undefined,
      storedAt: this.now(),
      current: true,
    });
    this.bytes += body.length;
    // Oldest first: a Map iterates in insertion order.
    for (const [oldUrl, old] of this.answers) {
      if (this.answers.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.remove(oldUrl, old);
    }
  }

  private remove(url: string, answer: Answer): void {
    this.answers.delete(url);
    this.bytes -= answer.body.length + (answer.gzipped?.body.length ?? 0);
  }
}

function gzipped(answer: Answer): { headers: OutgoingHttpHeaders; body: Buffer } {
  const body = gzipSync(answer.body);
  return { headers: { ...answer.headers, 'content-encoding': 'gzip', 'content-length': body.length }, body };
}

/** Accept-Encoding values already read: browsers send one of a handful, on every request. */
const gzipVerdicts = new Map<string, boolean>();

/** `gzip` listed without `;q=0`. */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let verdict = gzipVerdicts.get(header);
  if (verdict === undefined) {
    verdict = header.split(',').some((part) => {
      const [coding, ...params] = part.trim().toLowerCase().split(';');
      return (coding === 'gzip' || coding === '*') && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    });
    // Any caller may send any value: the memo stays small.
    if (gzipVerdicts.size >= 64) gzipVerdicts.clear();
    gzipVerdicts.set(header, verdict);
  }
  return verdict;
}

/** If-None-Match holds `*` or a list of (weak) entity tags; comparison is weak, as Express's own. */
function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return (Array.isArray(header) ? header.join(',') : header).split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
}
