import { createHash } from 'node:crypto';
import {
  applyDecorators,
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
  SetMetadata,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { catchError, type Observable } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { DB_POOL, type DatabasePool } from '../database-pool/database-pool';
import { TooManyRequestsError } from './domain-errors';
import { errorText, log } from './logger';

/**
 * Rate limits, counted in PostgreSQL so that every replica shares them: rate-limiter-flexible's
 * RateLimiterPostgres over our own pool (pg's Pool on a server, the PGlitePool when embedded), in
 * the `rate_limits` table the migration 1764800000000-rate-limits makes (never the library at run
 * time). Replicas' clocks must agree (NTP): a counter's expiry is written in epoch milliseconds.
 *
 * Per client address, each limited route allows RATE_LIMIT_MAX requests per RATE_LIMIT_WINDOW_MS
 * (default 100 per 15 minutes), counting either every request (register, forgot-password, contact,
 * event inquiries: each one stores or mails something) or only the refused ones (reset-password,
 * checkout: a correct reset or a paid order is never counted, so a venue's crowd buying on one
 * address is not limited by its own purchases). A refused-only count reads before it writes: the
 * request is admitted on a read of the shared count plus the requests this process is still
 * running, and only a failure is written (SharedLimiter.admit), so a paid checkout costs one read
 * and a burst in flight cannot overshoot the ceiling on one replica. On PGlite the process is the
 * database's only writer, so the count it last wrote or read is kept in memory and that read is
 * not made again (knownCounts).
 * Sign-in counts wrong passwords per address and per account instead (auth/login-throttle).
 * Every 429 carries Retry-After.
 */
export const RATE_LIMIT_TABLE = 'rate_limits';

export type Counted = 'every request' | 'refused requests';

interface Bucket {
  name: string;
  counts: Counted;
}

const BUCKET_KEY = 'rate-limit-bucket';

/** The address a request comes from: the peer, or with TRUST_PROXY the one the proxy reports. */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * A counter of `points` per `durationMs` in the shared table, optionally refused for `blockMs`
 * once exceeded. Keys are hashed (fixed length, and no address or user name stored in clear).
 */
export function sharedLimiter(db: DatabasePool, name: string, options: { points: number; durationMs: number; blockMs?: number }): SharedLimiter {
  const limiter = new RateLimiterPostgres({
    storeClient: db.pool,
    storeType: 'pool',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    clearExpiredByTimeout: false, // swept below, without a timer that outlives the app
    keyPrefix: name,
    points: options.points,
    duration: options.durationMs / 1000,
    blockDuration: (options.blockMs ?? 0) / 1000,
  });
  return new SharedLimiter(limiter, db, options.points, db.kind === 'pglite' ? knownCounts(db, name) : undefined);
}

/** A count as this process last wrote or read it: consumed points until `expireAt` (epoch ms). */
interface KnownCount {
  consumed: number;
  expireAt: number;
}

/** How many counts a process keeps in memory at most (a flood of new addresses pushes the oldest out: read again). */
const KNOWN_COUNTS_MAX = 10_000;
const knownByPool = new WeakMap<object, Map<string, Map<string, KnownCount>>>();

/**
 * A PGlite directory is opened by one process only, so every write to its counts is this
 * process's own: what it wrote or read last is the count, and a refused-only limit (a checkout)
 * reads it from memory. Shared by every limiter of the same name on the pool.
 */
function knownCounts(db: DatabasePool, name: string): Map<string, KnownCount> {
  let byName = knownByPool.get(db.pool);
  if (!byName) knownByPool.set(db.pool, (byName = new Map<string, Map<string, KnownCount>>()));
  let known = byName.get(name);
  if (!known) byName.set(name, (known = new Map<string, KnownCount>()));
  return known;
}

/** How long an admitted attempt holds its place at most (a checkout waits up to 20 s on another with its key). */
const ADMISSION_HELD_MS = 60_000;

/** One attempt admitted by SharedLimiter.admit, which counts only if it fails. */
export interface Admission {
  /** The count this key had when the attempt was admitted (null: none). */
  readonly before: RateLimiterRes | null;
  /** The attempt failed: it is counted now (the count is answered). */
  failed(): Promise<RateLimiterRes>;
  /** The attempt is over, whichever way: it no longer holds a place. */
  done(): void;
}

export class SharedLimiter {
  /** When the attempts this process admitted and still runs started, by hashed key. */
  private readonly running = new Map<string, number[]>();

  constructor(
    private readonly limiter: RateLimiterPostgres,
    private readonly db: DatabasePool,
    private readonly points: number,
    /** Only where this process is the database's only writer (PGlite): the counts it knows. */
    private readonly known?: Map<string, KnownCount>,
  ) {}

  /** The key's count: from memory where this process knows it, else read (and, on PGlite, kept). */
  private async read(id: string): Promise<RateLimiterRes | null> {
    const now = Date.now();
    const known = this.known?.get(id);
    if (known && known.expireAt > now) {
      return known.consumed === 0 ? null : new RateLimiterRes(Math.max(0, this.points - known.consumed), known.expireAt - now, known.consumed);
    }
    const res = await this.limiter.get(id);
    this.remember(id, res, now);
    return res;
  }

  /** What a read or a write answered becomes the known count (a slower answer of an earlier write never lowers it). */
  private remember<T extends RateLimiterRes | null>(id: string, res: T, now = Date.now()): T {
    if (!this.known) return res;
    const next: KnownCount = res
      ? { consumed: res.consumedPoints, expireAt: res.msBeforeNext >= 0 ? now + res.msBeforeNext : Infinity }
      : { consumed: 0, expireAt: Infinity };
    const known = this.known.get(id);
    if (known && known.expireAt > now && known.consumed > next.consumed && known.expireAt <= next.expireAt + 1000) return res;
    this.known.delete(id);
    this.known.set(id, next);
    if (this.known.size > KNOWN_COUNTS_MAX) this.known.delete(this.known.keys().next().value!);
    return res;
  }

  /** A write whose answer says nothing of the count (block, delete): the next use reads it. */
  private unknown(id: string): void {
    this.known?.delete(id);
  }

  /** consume, with the count it answers (or refuses with) kept. */
  private async consume(id: string): Promise<RateLimiterRes> {
    try {
      return this.remember(id, await this.limiter.consume(id));
    } catch (err) {
      // rate-limiter-flexible refuses by rejecting with the count itself: passed on as it came.
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the library's own refusal value, which callers test for
      if (err instanceof RateLimiterRes) throw this.remember(id, err);
      throw err;
    }
  }

  /**
   * Admits one attempt that counts only if it fails (a wrong password, a declined card), reading
   * before it writes: a success writes nothing. It is refused (429, Retry-After, `message`) when
   * the shared count and the attempts this process is still running reach the limit, so a burst
   * in flight cannot overshoot it here; a refusal counts too, as a failure would (which starts
   * the limiter's block, if it has one).
   */
  async admit(key: string, message: RefusalMessage = tooManyAttempts): Promise<Admission> {
    sweepExpired(this.db);
    const id = hashed(key);
    const before = await this.read(id);
    const now = Date.now();
    // An attempt whose end was never reported (its caller failed on the way) stops holding a place.
    const running = (this.running.get(id) ?? []).filter((started) => now - started < ADMISSION_HELD_MS);
    if ((before?.consumedPoints ?? 0) + running.length >= this.points) {
      const counted = await this.consume(id).catch((err: unknown) => {
        if (err instanceof RateLimiterRes) return err;
        throw err;
      });
      refuse(Math.max(counted.msBeforeNext, before?.msBeforeNext ?? 0), message);
    }
    running.push(now);
    this.running.set(id, running);
    let over = false;
    const done = () => {
      if (over) return;
      over = true;
      const left = this.running.get(id) ?? [];
      const at = left.indexOf(now);
      if (at >= 0) left.splice(at, 1);
      if (!left.length) this.running.delete(id);
    };
    return {
      before,
      // Counted now in the shared count, the attempt stops holding its running place in the very
      // continuation the count's write resolves in: never counted twice by an attempt admitted meanwhile.
      failed: () =>
        this.consume(id).then(
          (res) => {
            done();
            return res;
          },
          (err: unknown) => {
            if (!(err instanceof RateLimiterRes)) throw err;
            done();
            return err;
          },
        ),
      done,
    };
  }

  /** Counts one hit; past the limit the request is refused: 429, Retry-After and `message`. */
  async count(key: string, message: RefusalMessage = tooManyAttempts): Promise<RateLimiterRes> {
    sweepExpired(this.db);
    try {
      return await this.consume(hashed(key));
    } catch (err) {
      if (err instanceof RateLimiterRes) refuse(err.msBeforeNext, message);
      throw err;
    }
  }

  /** Counts one hit if the limit allows it: answers 0, or the milliseconds until the window lets one through. */
  async tryTake(key: string): Promise<number> {
    try {
      await this.consume(hashed(key));
      return 0;
    } catch (err) {
      if (err instanceof RateLimiterRes) return Math.max(1, err.msBeforeNext);
      throw err;
    }
  }

  /** The current count, or undefined when the key has none. */
  async current(key: string): Promise<RateLimiterRes | undefined> {
    return (await this.read(hashed(key))) ?? undefined;
  }

  /** Refuses the key for `ms` from now, whatever its count. */
  async block(key: string, ms: number): Promise<void> {
    const id = hashed(key);
    await this.limiter.block(id, ms / 1000);
    this.unknown(id);
  }

  async forget(key: string): Promise<void> {
    const id = hashed(key);
    await this.limiter.delete(id);
    this.unknown(id);
  }
}

/** What a refused caller reads, given the wait in words ("15 minutes", "2 seconds"). */
export type RefusalMessage = (wait: string) => string;
const tooManyAttempts: RefusalMessage = (wait) => `Too many attempts. Please try again in ${wait}.`;

/** 429 with Retry-After (whole seconds, at least 1; the error filter sends it) and a message naming the wait. */
export function refuse(msBeforeNext: number, message: RefusalMessage = tooManyAttempts): never {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  throw new TooManyRequestsError(message(inWords(seconds)), undefined, seconds);
}

function inWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const hashed = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 32);

/** Expired counters are dead rows (the next hit starts them afresh): each process sweeps them every few minutes. */
const SWEEP_EVERY_MS = 5 * 60 * 1000;
const lastSweep = new WeakMap<object, number>();
function sweepExpired(db: DatabasePool): void {
  const now = Date.now();
  if (now - (lastSweep.get(db.pool) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(db.pool, now);
  const pool = db.pool as { query(text: string, values: unknown[]): Promise<unknown> };
  pool.query(`DELETE FROM ${RATE_LIMIT_TABLE} WHERE expire < $1`, [now]).catch((err: unknown) => {
    log('warn', 'sweeping expired rate-limit counters failed', { error: errorText(err) });
  });
}

/** The per-address ceiling of the route `@RateLimit(bucket)` marks. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly limiters = new Map<string, SharedLimiter>();

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DB_POOL) private readonly db: DatabasePool,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const bucket = this.reflector.get<Bucket>(BUCKET_KEY, context.getHandler());
    const req = context.switchToHttp().getRequest<Request>();
    const limiter = this.limiter(bucket.name);
    const key = clientAddress(req);
    if (bucket.counts === 'every request') await limiter.count(key);
    else {
      const admission = await limiter.admit(key);
      (req as AdmittedRequest)[ADMISSION] = admission;
      // However the request ends (answered, refused by a later guard, the client gone), its place is freed.
      context
        .switchToHttp()
        .getResponse<Response>()
        .once('close', () => admission.done());
    }
    return true;
  }

  private limiter(name: string): SharedLimiter {
    let limiter = this.limiters.get(name);
    if (!limiter) {
      limiter = sharedLimiter(this.db, `address:${name}`, { points: this.config.RATE_LIMIT_MAX, durationMs: this.config.RATE_LIMIT_WINDOW_MS });
      this.limiters.set(name, limiter);
    }
    return limiter;
  }
}

const ADMISSION = Symbol('rate-limit admission');
type AdmittedRequest = Request & { [ADMISSION]?: Admission };

/** A request counted only if refused: a failure (any error answered) is counted before the answer goes; a success writes nothing. */
@Injectable()
class CountRefusals implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const admission = context.switchToHttp().getRequest<AdmittedRequest>()[ADMISSION];
    if (!admission) return next.handle();
    return next.handle().pipe(
      catchError(async (err: unknown) => {
        await admission.failed();
        throw err;
      }),
    );
  }
}

/** Limits the route per client address (see the top of this file); `counts` says which requests count. */
export const RateLimit = (bucket: string, counts: Counted = 'every request') =>
  applyDecorators(
    SetMetadata(BUCKET_KEY, { name: bucket, counts } satisfies Bucket),
    UseGuards(RateLimitGuard),
    ...(counts === 'refused requests' ? [UseInterceptors(CountRefusals)] : []),
  );
