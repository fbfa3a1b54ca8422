import type { Pool } from 'pg';
import type { PGlitePool } from './pglite-pool';

/**
 * The connection pool shared by TypeORM, the session store and the services that query it
 * directly (jobs, rate limits, replica notices, live stream). DatabaseModule provides it; this
 * room only names it, so infrastructure and modules alike take it without reaching up.
 */
export const DB_POOL = Symbol('DB_POOL');
export interface DatabasePool {
  kind: 'pglite' | 'postgres';
  /** pg-compatible pool for the session store (TypeORM keeps its own for PostgreSQL). */
  pool: PGlitePool | Pool;
}
