import { randomBytes } from 'node:crypto';
import { Global, Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { DB_POOL, type DatabasePool } from '../database-pool/database-pool';
import { log } from './logger';
import { PublicAnswerCache } from './public-answer-cache';

const CHANNEL = 'cocoa_public_answers';
const RELISTEN_DELAY_MS = 1000;

/**
 * Replicas on one PostgreSQL tell each other when a public answer may have changed (NOTIFY), so a
 * change made through one replica is not served stale by another. A PGlite directory is opened by
 * one process only, so there is nobody to tell.
 */
@Injectable()
export class ReplicaAnswerNotices implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly replicaId = randomBytes(8).toString('hex');
  private listener: Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DB_POOL) private readonly db: DatabasePool,
    private readonly cache: PublicAnswerCache,
  ) {}

  /** Waits for the first LISTEN, so a replica is told of changes from its first request on. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.db.kind !== 'postgres') return;
    this.cache.onInvalidate(() => {
      this.db.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, this.replicaId]).catch((error: unknown) => {
        log('warn', 'could not tell other replicas that public answers changed', { error: String(error) });
      });
    });
    await this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.listener?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    this.retry = undefined;
    if (this.stopped) return;
    const client = new Client({ connectionString: this.config.DATABASE_URL });
    client.on('error', () => undefined); // followed by 'end', which reconnects
    client.on('end', () => this.listenAgain(client));
    client.on('notification', (notice) => {
      if (notice.payload !== this.replicaId) this.cache.clear();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.listener = client;
      // Notices sent while we were not listening are lost: start from a clean slate.
      this.cache.clear();
    } catch {
      await client.end().catch(() => undefined);
      this.listenAgain(client);
    }
  }

  private listenAgain(client: Client): void {
    if (this.listener === client) this.listener = undefined;
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => void this.listen(), RELISTEN_DELAY_MS);
    this.retry.unref();
  }
}

@Global()
@Module({
  providers: [{ provide: PublicAnswerCache, useFactory: () => new PublicAnswerCache() }, ReplicaAnswerNotices],
  exports: [PublicAnswerCache],
})
export class PublicAnswersModule {}
