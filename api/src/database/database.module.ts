import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Pool } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { migrations } from './migrations';
import { SnakeNamingStrategy } from './snake-naming.strategy';
import { TypeOrmJsonLogger } from './typeorm-json.logger';
import { DB_POOL, type DatabasePool } from '../database-pool/database-pool';
import { NamedStatementsClient } from '../database-pool/named-statements';
import { PGlitePool, pgliteDataSourceOptions } from '../database-pool/pglite-pool';

/** Opens the pool that DB_POOL names (PGlite in DATA_DIR, or DATABASE_URL's server) for every module. */
@Global()
@Module({
  providers: [
    {
      provide: DB_POOL,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<DatabasePool> => {
        if (config.DATABASE_URL) {
          const pool = new Pool({ connectionString: config.DATABASE_URL, max: 3, allowExitOnIdle: true, Client: NamedStatementsClient });
          pool.on('error', () => undefined); // a dropped idle client must not kill the process
          return { kind: 'postgres', pool };
        }
        return { kind: 'pglite', pool: await PGlitePool.open(config.dataDir + '/pgdata', { sharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB }) };
      },
    },
  ],
  exports: [DB_POOL],
})
class DatabasePoolModule implements OnApplicationShutdown {
  constructor(@Inject(DB_POOL) private readonly db: DatabasePool) {}

  async onApplicationShutdown(): Promise<void> {
    // TypeORM ends its own pool first; for PGlite that is this same pool and end() is idempotent.
    await this.db.pool.end();
  }
}

@Module({
  imports: [
    DatabasePoolModule,
    TypeOrmModule.forRootAsync({
      imports: [DatabasePoolModule],
      inject: [APP_CONFIG, DB_POOL],
      useFactory: (config: AppConfig, db: DatabasePool) => ({
        type: 'postgres' as const,
        ...(db.kind === 'postgres'
          ? { url: config.DATABASE_URL, poolSize: 10, extra: { allowExitOnIdle: true, Client: NamedStatementsClient } }
          : pgliteDataSourceOptions(db.pool as PGlitePool)),
        uuidExtension: 'pgcrypto' as const,
        autoLoadEntities: true,
        namingStrategy: new SnakeNamingStrategy(),
        synchronize: false,
        migrations,
        // Run by migrateOnce below, so replicas starting together take turns.
        migrationsRun: false,
        migrationsTransactionMode: 'each' as const,
        retryAttempts: 3,
        retryDelay: 1000,
        logger: new TypeOrmJsonLogger(),
        maxQueryExecutionTime: 1000,
      }),
      dataSourceFactory: async (options?: DataSourceOptions) => migrateOnce(await new DataSource(options as DataSourceOptions).initialize()),
    }),
  ],
  exports: [DatabasePoolModule],
})
export class DatabaseModule {}

/** Any fixed number: the key of the session-level lock replicas queue on while migrating. */
const MIGRATION_LOCK_KEY = 73_110_420;

/**
 * Several replicas started at once on a fresh PostgreSQL would each create the same tables; they
 * queue on an advisory lock, and each after the first finds nothing left to run. A PGlite
 * directory belongs to one process, and its pool has one connection, so it migrates without.
 */
async function migrateOnce(dataSource: DataSource): Promise<DataSource> {
  const lock = (dataSource.driver.options as { url?: string }).url ? dataSource.createQueryRunner() : undefined;
  try {
    await lock?.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await dataSource.runMigrations({ transaction: 'each' });
    return dataSource;
  } catch (error) {
    // Nest retries with a new data source: this one must not keep its connections.
    await dataSource.destroy().catch(() => undefined);
    throw error;
  } finally {
    await lock?.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock?.release().catch(() => undefined);
  }
}
