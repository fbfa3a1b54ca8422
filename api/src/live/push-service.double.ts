import { execFileSync } from 'node:child_process';
import { createECDH, type ECDH, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { PushPayload } from '@cocoa/shared-types';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** http_ece (web-push's own RFC 8188 library) has no type declarations: the one call used here. */
const ece = createRequire(__filename)('http_ece') as { decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer };

/** A browser's side of a push subscription: its own P-256 key pair and auth secret (RFC 8291). */
export interface Browser {
  name: string;
  ecdh: ECDH;
  auth: Buffer;
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

/** A browser with fresh keys, subscribing with `endpoint` (PushServiceDouble.endpoint). */
export function newTestBrowser(name: string, endpoint: string): Browser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    name,
    ecdh,
    auth,
    subscription: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
  };
}

/** A message as the browser reads it: decrypted with its keys (RFC 8291), then parsed. */
export function readPushPayload(message: ReceivedPush, b: Browser): PushPayload {
  return JSON.parse(
    ece.decrypt(message.body, { version: 'aes128gcm', privateKey: b.ecdh, authSecret: b.auth.toString('base64url') }).toString('utf8'),
  ) as PushPayload;
}

export interface ReceivedPush {
  method: string;
  /** The endpoint's path ('/push/<name>'). */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** What the double answered. */
  status: number;
}

export interface PushServiceDouble {
  /** 'https://127.0.0.1:<port>': a VAPID token's audience for its endpoints. */
  origin: string;
  /** The PEM file of the double's certificate: OUTBOUND_EXTRA_CA for the app under test. */
  caFile: string;
  received: ReceivedPush[];
  /** A new browser's endpoint on this push service. */
  endpoint(name: string): string;
  /** Endpoints (by name) the browser has left: answered 410 Gone. */
  gone: Set<string>;
  /** Endpoints (by name) answered with this status instead (503, 429...). */
  answers: Map<string, number>;
  /** Resolves once `count` messages in all have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

/**
 * A local push service (RFC 8030) over HTTPS, as browsers' push services are: it records each
 * message (method, headers, encrypted body) and answers 201 Created, 410 Gone for an endpoint
 * the browser left, or a status the test sets. Its certificate is made at start with the
 * `openssl` command (Node has no certificate generator): a self-signed P-256 certificate for
 * 127.0.0.1 and localhost, valid for a day, which the app under test trusts through
 * OUTBOUND_EXTRA_CA. Nothing about https is relaxed for the test.
 */
export async function startPushServiceDouble(): Promise<PushServiceDouble> {
  const dir = mkdtempSync(join(tmpdir(), 'cocoa-push-double-'));
  const keyFile = join(dir, 'key.pem');
  const caFile = join(dir, 'cert.pem');
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=push-service-double',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        keyFile,
        '-out',
        caFile,
      ],
      { stdio: 'ignore' },
    );
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('The push-service double needs the openssl command (1.1.1 or later) to make its certificate: apt-get install -y openssl');
    throw err;
  }

  const received: ReceivedPush[] = [];
  const gone = new Set<string>();
  const answers = new Map<string, number>();
  const waiters: Array<() => void> = [];
  const server: Server = createServer({ key: readFileSync(keyFile), cert: readFileSync(caFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const name = path.replace(/^\/push\//, '');
      const status = gone.has(name) ? 410 : (answers.get(name) ?? (req.method === 'POST' && path.startsWith('/push/') ? 201 : 404));
      received.push({ method: req.method ?? '', path, headers: req.headers, body: Buffer.concat(chunks), status });
      res.writeHead(status, status === 201 ? { Location: `/message/${received.length}` } : {}).end();
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    caFile,
    received,
    endpoint: (name) => `${origin}/push/${name}`,
    gone,
    answers,
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`the push service double received ${received.length} of ${count} messages`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
