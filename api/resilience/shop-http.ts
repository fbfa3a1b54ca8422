import { request as httpRequest } from 'node:http';
import { SESSION_COOKIE } from '../src/auth/session.constants';
import { TEST_ADMIN } from '../src/test/test-app';

export interface Answer {
  status: number;
  // Parsed JSON when the answer is JSON, otherwise the text.
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- each spec reads the JSON of a different route
  contentType: string;
}

export interface CallOptions {
  method?: string;
  json?: unknown;
  cookie?: string;
  /** A request that has not answered by then fails the test: the API must not hang. */
  timeoutMs?: number;
}

export async function call(baseUrl: string, path: string, { method = 'GET', json, cookie, timeoutMs = 10_000 }: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (json !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = cookie;
  let res: Response;
  try {
    res = await fetch(baseUrl + path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json), signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const why =
      (err as Error).name === 'TimeoutError'
        ? `did not answer within ${timeoutMs} ms`
        : `failed: ${(err as Error).message} ${String((err as { cause?: unknown }).cause ?? '')}`;
    throw new Error(`${method} ${path} ${why}`);
  }
  const contentType = res.headers.get('content-type') ?? '';
  const text = await res.text();
  return { status: res.status, contentType, body: contentType.includes('json') && text ? JSON.parse(text) : text };
}

/** Signs in and returns the session cookie to send with later calls. */
export async function signIn(baseUrl: string, username = TEST_ADMIN.username, password = TEST_ADMIN.password): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
    signal: AbortSignal.timeout(10_000),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (res.status !== 200 || !cookie) throw new Error(`sign-in as ${username} answered ${res.status}: ${await res.text()}`);
  return cookie.split(';')[0];
}

export interface PendingRequest {
  /** Resolves when the whole request, body included, has been handed to the operating system. */
  sent: Promise<void>;
  /** The status, or the error (e.g. the server was killed): never rejects. */
  answer: Promise<{ status: number; body: string } | { error: string }>;
  answered(): boolean;
}

/** A request whose progress the test follows: sent completely, then answered (or not). */
export function startRequest(
  baseUrl: string,
  path: string,
  { cookie, body, contentType }: { cookie: string; body?: Buffer; contentType?: string },
): PendingRequest {
  let answered = false;
  let markSent!: () => void;
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const answer = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    const req = httpRequest(baseUrl + path, {
      method: 'POST',
      headers: {
        cookie,
        ...(body ? { 'content-type': contentType ?? 'application/octet-stream', 'content-length': String(body.length) } : { 'content-length': '0' }),
      },
    });
    req.on('finish', markSent);
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (err) => resolve({ error: err.message }));
    });
    req.on('error', (err) => {
      answered = true;
      resolve({ error: err.message });
    });
    req.end(body);
  });
  return { sent, answer, answered: () => answered };
}

/** A multipart/form-data body with one file field, as a browser's upload form sends it. */
export function multipartFile(field: string, filename: string, contentType: string, content: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----cocoa${Date.now().toString(16)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
