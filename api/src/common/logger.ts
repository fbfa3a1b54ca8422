import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

type Level = 'debug' | 'info' | 'warn' | 'error';

/**
 * What never reaches a log line, whoever logs it (pino's redact paths): credentials in headers,
 * and secret-looking fields of any logged object, one level deep. URLs are written without the
 * values of their secret parameters (REDACTED_QUERY below).
 */
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-square-hmacsha256-signature"]',
  'res.headers["set-cookie"]',
  ...[
    'password',
    'currentPassword',
    'newPassword',
    'token',
    'accessToken',
    'refreshToken',
    'secret',
    'apiKey',
    'sourceId',
    'verificationToken',
    'authorization',
    'cookie',
  ].flatMap((k) => [k, `*.${k}`]),
];
/** Query parameters whose values are secrets (signed links, OAuth codes and states). */
const REDACTED_QUERY = ['token', 'code', 'state', 'access_token', 'key'];

/** A request id a caller (a proxy, a load balancer) may pass in X-Request-Id: kept when it looks like one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * One JSON object per line on stdout (pino), so any log collector can read it: `time` (ISO),
 * `level` ('info'…), `msg`, the fields, and `reqId` for anything logged while a request is handled.
 * Written through process.stdout (not pino's own file descriptor writer) so tests can read it.
 */
const root: Logger = pino(
  {
    level: 'info',
    base: undefined,
    messageKey: 'msg',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  },
  process.stdout,
);

/**
 * The request being handled: its id, and its logger (a pino child carrying `reqId`), made when the
 * first line is logged for it. Most requests log nothing but their access line, and a pino child
 * costs more than replaying a cached answer: made for every request (as pino-http did), it took
 * ~40 % of the server's CPU under load.
 */
class RequestLog {
  private logger: Logger | undefined;

  constructor(readonly reqId: string) {}

  get(): Logger {
    this.logger ??= root.child({ reqId: this.reqId });
    return this.logger;
  }
}

const requestScope = new AsyncLocalStorage<RequestLog>();

export function setLogLevel(level: Level | 'silent'): void {
  root.level = level;
}

/** Logs through the current request's logger (with its reqId) when there is one. */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  (requestScope.getStore()?.get() ?? root)[level](fields, msg);
}

/** A URL as logged: the values of secret query parameters replaced. */
/** What a caught value says, for a log line or a stored failure: an error's message, anything else as text. */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of REDACTED_QUERY) if (params.has(name)) params.set(name, '[redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

const isProbe = (url: string | undefined) => /^\/api\/(health|ready)(\?|$)/.test(url ?? '');
/** Static files (the site's assets, images, uploads) are not access-logged: one page load is dozens of them. */
const isStaticFile = (url: string | undefined) =>
  !url?.startsWith('/api/') &&
  (/^\/(assets|images|uploads|icons|fonts)\//.test(url ?? '') ||
    /\.(js|css|map|png|jpe?g|webp|avif|gif|svg|ico|woff2?|webmanifest|mp4|webm)(\?|$)/.test(url ?? ''));

/**
 * The access log and the request id, in front of everything (the public answer cache included):
 * each request gets an id (X-Request-Id when the caller sent a sane one, else a new UUID), answered
 * in X-Request-Id; one `request` line at info when it finishes (5xx at error; the health
 * probes at debug, their outage is logged once by DatabaseOutage); everything logged while it is
 * handled carries its reqId.
 */
export function withRequestLog(listener: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const given = req.headers['x-request-id'];
    const scope = new RequestLog(typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID());
    res.setHeader('X-Request-Id', scope.reqId);
    if (!isStaticFile(req.url)) {
      const startedAt = Date.now();
      // A response emits 'close' once: after it is sent, or when the connection closes before.
      res.once('close', () => {
        const level: Level = isProbe(req.url) ? 'debug' : res.statusCode >= 500 ? 'error' : 'info';
        if (!root.isLevelEnabled(level)) return;
        // Short lines: what was asked and answered, no headers (credentials stay out even if a path is added later: REDACT_PATHS).
        const fields = {
          req: { method: req.method, url: redactUrl(req.url ?? ''), remoteAddress: req.socket.remoteAddress },
          res: { statusCode: res.statusCode },
          responseTime: Date.now() - startedAt,
        };
        // Through the root logger with the id as a field: no child logger for a request that logged nothing else.
        root[level]({ reqId: scope.reqId, ...fields }, 'request');
      });
    }
    requestScope.run(scope, () => listener(req, res));
  };
}

/** Nest's own messages go through the same JSON lines. */
export class JsonLogger implements LoggerService {
  log(message: unknown, context?: string) {
    log('info', String(message), context ? { context } : {});
  }
  error(message: unknown, trace?: string, context?: string) {
    log('error', String(message), { context, trace });
  }
  warn(message: unknown, context?: string) {
    log('warn', String(message), context ? { context } : {});
  }
  debug(message: unknown, context?: string) {
    log('debug', String(message), context ? { context } : {});
  }
  verbose(message: unknown, context?: string) {
    log('debug', String(message), context ? { context } : {});
  }
}
