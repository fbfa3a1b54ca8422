import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { log } from '../common/logger';

/** How often, while the database is away, it is asked again whether it is back. */
export const OUTAGE_PROBE_INTERVAL_MS = 2000;
const PING_TIMEOUT_MS = 2000;

/**
 * The database being away is one event, not one per request. The first failure (a /api/ready
 * probe, or any request answered 503 DATABASE_UNAVAILABLE) logs `database unreachable` with its
 * reason and no stack trace; then this replica asks the database every OUTAGE_PROBE_INTERVAL_MS
 * until it answers and logs `database reachable again` with how long it was away (at 'warn', so
 * it is seen wherever the start was). The request log still has one short line per request.
 */
@Injectable()
export class DatabaseOutage implements OnApplicationShutdown {
  private since: number | undefined;
  private probe: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly dataSource: DataSource) {}

  /** `SELECT 1` within two seconds; the answer starts or ends the outage. */
  async ping(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.dataSource.query('SELECT 1'), timeout]);
      this.ended();
      return true;
    } catch (error) {
      this.noticed(error);
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /** A call failed because the database is away: logged once per outage. */
  noticed(error: unknown): void {
    if (this.since !== undefined || this.stopped) return;
    this.since = Date.now();
    log('error', 'database unreachable', { error: reasonOf(error) });
    this.scheduleProbe();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.probe);
  }

  private ended(): void {
    if (this.since === undefined) return;
    const downForMs = Date.now() - this.since;
    this.since = undefined;
    clearTimeout(this.probe);
    this.probe = undefined;
    log('warn', 'database reachable again', { downForMs });
  }

  private scheduleProbe(): void {
    clearTimeout(this.probe);
    this.probe = setTimeout(() => {
      void this.ping().then((up) => {
        if (!up && !this.stopped) this.scheduleProbe();
      });
    }, OUTAGE_PROBE_INTERVAL_MS);
    this.probe.unref();
  }
}

/** The driver's code and the first line of its message: enough to tell a refused connection from a timeout. */
function reasonOf(error: unknown): string {
  const err = error as { code?: unknown; message?: unknown; driverError?: { code?: unknown } } | undefined;
  const code = err?.code ?? err?.driverError?.code;
  const message = typeof err?.message === 'string' ? err.message.split('\n')[0].slice(0, 200) : String(error).slice(0, 200);
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}
