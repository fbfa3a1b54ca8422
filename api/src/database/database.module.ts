import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Pool } from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/config.schema';
import { migrations } from './migrations';
import { SnakeNamingStrategy } from './snake-naming.strategy';
import { TypeOrmJsonLogger } from './typeorm-json.logger';
import { PGlitePool } from './pglite-pool';

/** The connection pool shared by TypeORM and the session store. */
export const DB_POOL = Symbol('DB_POOL');
export interface DatabasePool {
  kind: 'pglite' | 'postgres';
  /** pg-compatible pool for the session store (TypeORM keeps its own for PostgreSQL). */
  pool: PGlitePool | Pool;
}

@Global()
@Module({
  providers: [
    {
      provide: DB_POOL,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<DatabasePool> => {
        if (config.DATABASE_URL) {
          const pool = new Pool({ connectionString: config.DATABASE_URL, max: 3, allowExitOnIdle: true });
          pool.on('error', () => undefined); // a dropped idle client must not kill the process
          return { kind: 'postgres', pool };
        }
        return { kind: 'pglite', pool: await PGlitePool.open(config.dataDir + '/pgdata') };
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
          ? { url: config.DATABASE_URL, poolSize: 10, extra: { allowExitOnIdle: true } }
          : {
              // TypeORM calls `new driver.Pool()`; a constructor returning an object yields that object.
              driver: { Pool: function SharedPGlitePool() { return db.pool; } },
              installExtensions: false,
              poolSize: 1,
            }),
        uuidExtension: 'pgcrypto' as const,
        autoLoadEntities: true,
        namingStrategy: new SnakeNamingStrategy(),
        synchronize: false,
        migrations,
        migrationsRun: true,
        migrationsTransactionMode: 'each' as const,
        retryAttempts: 3,
        retryDelay: 1000,
        logger: new TypeOrmJsonLogger(),
        maxQueryExecutionTime: 1000,
      }),
    }),
  ],
  exports: [DatabasePoolModule],
})
export class DatabaseModule {}
