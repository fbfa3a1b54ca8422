import { randomBytes } from 'node:crypto';
import { Global, Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { DB_POOL, type DatabasePool } from '../database-pool/database-pool';
import { ChannelListener } from './channel-listener';
import { log } from './logger';
import { PublicAnswerCache } from './public-answer-cache';

const CHANNEL = 'cocoa_public_answers';

/**
 * Replicas on one PostgreSQL tell each other when a public answer may have changed (NOTIFY), so a
 * change made through one replica is not served stale by another. A PGlite directory is opened by
 * one process only, so there is nobody to tell.
 */
@Injectable()
export class ReplicaAnswerNotices implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly replicaId = randomBytes(8).toString('hex');
  private readonly listener: ChannelListener;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DB_POOL) private readonly db: DatabasePool,
    private readonly cache: PublicAnswerCache,
  ) {
    this.listener = new ChannelListener({
      connectionString: config.DATABASE_URL,
      channel: CHANNEL,
      onNotice: (payload) => {
        if (payload !== this.replicaId) this.cache.clear();
      },
      // Notices sent while we were not listening are lost: start from a clean slate.
      onListening: () => this.cache.clear(),
    });
  }

  /** Waits for the first LISTEN, so a replica is told of changes from its first request on. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.db.kind !== 'postgres') return;
    this.cache.onInvalidate(() => {
      this.db.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, this.replicaId]).catch((error: unknown) => {
        log('warn', 'could not tell other replicas that public answers changed', { error: String(error) });
      });
    });
    await this.listener.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.listener.stop();
  }
}

@Global()
@Module({
  providers: [{ provide: PublicAnswerCache, useFactory: () => new PublicAnswerCache() }, ReplicaAnswerNotices],
  exports: [PublicAnswerCache],
})
export class PublicAnswersModule {}
