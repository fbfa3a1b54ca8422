import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type JobWithMetadata, PgBoss, type Queue, type SendOptions } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { isDatabaseUnavailable } from '../common/error.filter';
import { errorText, log } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { DB_POOL, type DatabasePool } from '../database-pool/database-pool';
import type { PGlitePool } from '../database-pool/pglite-pool';
import { pgliteJobDb, transactionJobDb } from './job-db';

/** The PostgreSQL schema pg-boss keeps its tables in (created by pg-boss itself on first start). */
export const JOBS_SCHEMA = 'pgboss';
/** pg-boss's own connections per replica on PostgreSQL (workers poll, the supervisor maintains). */
const JOBS_POOL_MAX = 3;
/** How long a shutdown waits for handlers under way before it lets go of them (they are retried). */
const STOP_GRACE_MS = 5_000;
/** While the database is away every poll fails: one line per this long says so. */
const UNREACHABLE_LOG_EVERY_MS = 60_000;

/**
 * With wake-ups working, an idle worker looks this many times less often: each look is a query, and
 * on the embedded database a query runs on the API's own thread.
 */
const NOTIFIED_POLL_FACTOR = 5;

/** One job as its handler sees it. */
export interface JobRun<T> {
  id: string;
  data: T;
  /** 1 on the first try, 2 on the first retry, … */
  attempt: number;
  /** No retry follows if this attempt throws. */
  lastAttempt: boolean;
}
export type JobHandler<T> = (job: JobRun<T>) => Promise<void>;

/** The queue's defaults for its jobs (pg-boss queue options; retry delays in seconds). */
export type QueueSettings = Pick<
  Queue,
  'policy' | 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'retryDelayMax' | 'expireInSeconds' | 'retentionSeconds' | 'deleteAfterSeconds'
>;

export interface WorkOptions extends QueueSettings {
  /**
   * How soon a job that became due without a wake-up is picked up (seconds, at least 0.5): a retry
   * after its delay, a job sent to start later. A job written ready wakes the workers of its queue
   * at once (LISTEN/NOTIFY), so an idle worker looks for jobs only every NOTIFIED_POLL_FACTOR times
   * this long, and this often only while the wake-ups are unavailable.
   */
  pollingIntervalSeconds?: number;
  /** Jobs of this queue handled at once by this replica. */
  concurrency?: number;
  /**
   * False: the queue is not woken when a job is written, and takes one job per look at its polling
   * interval, as a steady background pace that requests come before (the e-mails of a rush of
   * checkouts wait their turn instead of slowing the checkouts). True by default.
   */
  wake?: boolean;
}

/**
 * For a job whose work must happen in the end (a payment's event, a sale Square did not take): polled
 * every second, tried again after 2-4 s, then about twice as long each time up to 10 minutes
 * apart, 20 retries (about two hours); an attempt may run 2 minutes.
 */
export const PERSISTENT_RETRY = {
  pollingIntervalSeconds: 1,
  retryLimit: 20,
  retryDelay: 2,
  retryBackoff: true,
  retryDelayMax: 600,
  expireInSeconds: 120,
} as const satisfies WorkOptions;

export type JobSendOptions = Pick<
  SendOptions,
  'startAfter' | 'singletonKey' | 'singletonSeconds' | 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'retryDelayMax' | 'expireInSeconds'
> & {
  /** Write the job in this TypeORM transaction: rolled back, the job never existed. */
  manager?: EntityManager;
};

interface Worker {
  handler: JobHandler<never>;
  options: WorkOptions;
}

interface Schedule {
  cron: string;
  data: object | undefined;
  tz: string;
}

/**
 * The PostgreSQL job queue (pg-boss 12): work that must happen once across all replicas and
 * survive restarts (mail delivery, calendar polling, reminders, pushes).
 *
 * - Where: schema `pgboss` of the app's database. On PostgreSQL pg-boss keeps a pool of its own
 *   (3 connections, DATABASE_URL); on PGlite it goes through our PGlite pool (job-db.ts).
 *   pg-boss creates and migrates its schema itself when it starts; TypeORM's migrations never
 *   touch it, and backups leave it out (it holds only work in flight).
 * - When: started on application bootstrap (after the migrations, which run while the data source
 *   is made), stopped before the database closes on shutdown, waiting up to 5 s for handlers under
 *   way; a job cut short is retried once its expiry passes.
 * - Retention (pg-boss defaults, per queue): completed and failed jobs are deleted 7 days after they
 *   finish, jobs never started after 14 days. A job's lasting record belongs to its module (the mail
 *   outbox is the record of every message).
 *
 * How modules use it (register in onModuleInit, before the queue starts):
 * - `work(name, handler, options)`: this replica handles jobs of `name` (each job runs on one
 *   replica at a time; a handler that throws is retried per the queue's retry settings).
 * - `send(name, data, { manager, startAfter, singletonKey, … })`: queue a job, inside the caller's
 *   transaction when `manager` is given. Inside a transaction, always pass its manager: on PGlite
 *   a send outside it would wait for the transaction's own session.
 * - `schedule(name, cron, data?)`: cluster-wide cron; each occurrence queues ONE job of `name`
 *   whichever replicas run, so a periodic task (feed polling, reminders) runs once per period.
 *   A reminder at a given time is `send(name, data, { startAfter, singletonKey })` instead.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private boss: PgBoss | undefined;
  private readonly workers = new Map<string, Worker>();
  private readonly attached = new Set<string>();
  private readonly schedules = new Map<string, Schedule>();
  private readonly ready: Promise<PgBoss>;
  private lastUnreachableLog = 0;
  private resolveReady!: (boss: PgBoss) => void;
  private rejectReady!: (err: unknown) => void;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DB_POOL) private readonly db: DatabasePool,
  ) {
    this.ready = new Promise<PgBoss>((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => undefined); // a failed start is reported by bootstrap itself
  }

  async onApplicationBootstrap(): Promise<void> {
    try {
      const boss = new PgBoss(
        this.db.kind === 'postgres'
          ? { connectionString: this.config.DATABASE_URL, max: JOBS_POOL_MAX, schema: JOBS_SCHEMA, application_name: 'cocoa-jobs', useListenNotify: true }
          : { db: pgliteJobDb(this.db.pool as PGlitePool), backend: 'pglite', schema: JOBS_SCHEMA, useListenNotify: true },
      );
      boss.on('error', (err: Error) => this.reportError(err));
      boss.on('warning', (warning: { message: string }) => log('warn', 'job queue warning', { warning: warning.message }));
      await boss.start();
      this.boss = boss;
      for (const name of [...this.workers.keys()]) await this.attach(boss, name);
      for (const [name, schedule] of this.schedules) await this.applySchedule(boss, name, schedule);
      this.resolveReady(boss);
      log('info', 'job queue started', { schema: JOBS_SCHEMA, queues: [...this.workers.keys()] });
    } catch (err) {
      this.rejectReady(err);
      throw err;
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    const boss = this.boss;
    this.boss = undefined;
    await boss?.stop({ graceful: true, timeout: STOP_GRACE_MS });
  }

  /** This replica handles jobs of `name`, one job per call. */
  async work<T>(name: string, handler: JobHandler<T>, options: WorkOptions = {}): Promise<void> {
    if (this.workers.has(name)) throw new Error(`A worker for ${name} is already registered`);
    const worker: Worker = { handler, options };
    this.workers.set(name, worker);
    if (this.boss) await this.attach(this.boss, name);
  }

  /** Queues a job; answers its id (null when a singleton key kept it out). */
  async send<T extends object>(name: string, data: T, options: JobSendOptions = {}): Promise<string | null> {
    const { manager, ...rest } = options;
    const boss = this.boss ?? (await this.ready);
    const runner = manager?.queryRunner;
    return boss.send(name, data, runner ? { ...rest, db: transactionJobDb(runner) } : rest);
  }

  /** Queues several jobs of one queue in one statement, each with the same options (no singleton keys). */
  async sendMany<T extends object>(name: string, data: readonly T[], options: Omit<JobSendOptions, 'singletonKey' | 'singletonSeconds'> = {}): Promise<void> {
    if (data.length === 0) return;
    const { manager, ...rest } = options;
    const boss = this.boss ?? (await this.ready);
    const runner = manager?.queryRunner;
    const startAfter = rest.startAfter instanceof Date ? rest.startAfter.toISOString() : rest.startAfter;
    await boss.insert(
      name,
      data.map((one) => ({ ...rest, startAfter, data: one })),
      runner ? { db: transactionJobDb(runner) } : {},
    );
  }

  /**
   * Every occurrence of `cron` (5 fields, minute granularity; `tz` defaults to SHOP_TIME_ZONE) queues
   * one job of `name` for the whole cluster. Calling it again with another expression replaces it.
   */
  async schedule(name: string, cron: string, data?: object, options: { tz?: string } = {}): Promise<void> {
    const schedule: Schedule = { cron, data, tz: options.tz ?? this.config.SHOP_TIME_ZONE };
    this.schedules.set(name, schedule);
    if (this.boss) await this.applySchedule(this.boss, name, schedule);
  }

  private async attach(boss: PgBoss, name: string): Promise<void> {
    const worker = this.workers.get(name);
    if (!worker || this.attached.has(name)) return;
    this.attached.add(name);
    const { pollingIntervalSeconds = 2, concurrency = 1, wake = true, policy, ...settings } = worker.options;
    // A job written ready wakes this queue's workers (pg-boss NOTIFY); a queue made before keeps its row, so it is told too.
    await boss.createQueue(name, { policy, notify: wake, ...settings });
    await boss.updateQueue(name, { notify: wake, ...settings });
    const polling = { pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds * NOTIFIED_POLL_FACTOR };
    // One pg-boss worker per job handled at once, each knowing its id: after a job a woken queue's
    // worker looks again at once (there may be more ready), and waits only once a look finds none.
    for (let i = 0; i < concurrency; i++) {
      const self = { id: '' };
      self.id = await boss.work(name, { batchSize: 1, includeMetadata: true, ...polling }, async (jobs) => {
        try {
          for (const job of jobs) await this.run(name, worker, job);
        } finally {
          if (self.id && wake) boss.notifyWorker(self.id);
        }
      });
    }
  }

  private async run(name: string, worker: Worker, job: JobWithMetadata<unknown>): Promise<void> {
    const run: JobRun<never> = { id: job.id, data: job.data as never, attempt: job.retryCount + 1, lastAttempt: job.retryCount >= job.retryLimit };
    try {
      await worker.handler(run);
    } catch (err) {
      // The message only, in the log and in the job's stored output: an error object can carry the
      // parameters of a failed query, which may be personal.
      const message = errorText(err);
      log(run.lastAttempt ? 'error' : 'warn', run.lastAttempt ? 'job failed for good' : 'job failed; it will be retried', {
        queue: name,
        jobId: job.id,
        attempt: run.attempt,
        error: message,
      });
      throw new Error(message);
    }
  }

  /** pg-boss's own failures (a poll, a maintenance pass); it carries on by itself. */
  private reportError(err: Error): void {
    if (!isDatabaseUnavailable(err)) return log('error', 'job queue error', { error: err.message });
    if (Date.now() - this.lastUnreachableLog < UNREACHABLE_LOG_EVERY_MS) return;
    this.lastUnreachableLog = Date.now();
    log('warn', 'job queue cannot reach the database; it keeps trying', { error: err.message.split('\n')[0] });
  }

  private async applySchedule(boss: PgBoss, name: string, schedule: Schedule): Promise<void> {
    if (!this.workers.has(name)) await boss.createQueue(name);
    await boss.schedule(name, schedule.cron, schedule.data ?? null, { tz: schedule.tz });
  }
}
