import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { PGlitePool } from '../src/database-pool/pglite-pool';
import { createPostgresDatabase } from '../src/test/test-app';

export type DatabaseKind = 'PGlite' | 'PostgreSQL';
export type Query = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server (.ci/run sets it). */
export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['PGlite', 'PostgreSQL'] : ['PGlite'];
}

/** The data an API process runs on: its DATA_DIR and, for PostgreSQL, its DATABASE_URL. */
export interface ShopDatabase {
  kind: DatabaseKind;
  dataDir: string;
  url?: string;
  /** Reads the database directly, on one connection. PGlite: only while no API process has it open. */
  read<T>(work: (query: Query) => Promise<T>): Promise<T>;
  /**
   * Resolves once an uncommitted transaction is writing rows into `table`. PostgreSQL: another
   * session with a transaction id whose statement inserts into it. PGlite (one process, nothing
   * else can look in): its write-ahead log on disk changes after this call; it spills there only
   * once 4 MB of WAL buffers are full, so a transaction writing large rows is well under way.
   */
  untilWriting(table: string, timeoutMs: number, giveUp: () => string | undefined): Promise<void>;
  remove(): Promise<void>;
}

export async function freshDatabase(kind: DatabaseKind): Promise<ShopDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cocoa-resilience-'));
  if (kind === 'PGlite') return pgliteDatabase(dataDir);
  const { url, drop } = await createPostgresDatabase();
  return postgresDatabase(dataDir, url, drop);
}

export function postgresDatabase(dataDir: string, url: string, drop: () => Promise<void> = async () => undefined): ShopDatabase {
  const connect = async () => {
    const client = new Client({ connectionString: url });
    await client.connect();
    return client;
  };
  return {
    kind: 'PostgreSQL',
    dataDir,
    url,
    async read(work) {
      const client = await connect();
      try {
        return await work(async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[]);
      } finally {
        await client.end();
      }
    },
    async untilWriting(table, timeoutMs, giveUp) {
      const client = await connect();
      try {
        await poll(timeoutMs, giveUp, async () => {
          const { rows } = await client.query(
            `SELECT 1 FROM pg_stat_activity
              WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_xid IS NOT NULL
                AND query ILIKE 'INSERT INTO "' || $1 || '"%'`,
            [table],
          );
          return rows.length > 0;
        });
      } finally {
        await client.end();
      }
    },
    async remove() {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function pgliteDatabase(dataDir: string): ShopDatabase {
  const pgdata = join(dataDir, 'pgdata');
  const walStamp = () =>
    readdirSync(join(pgdata, 'pg_wal'))
      .filter((name) => /^[0-9A-F]{24}$/.test(name))
      .map((name) => {
        const { size, mtimeMs } = statSync(join(pgdata, 'pg_wal', name));
        return `${name}:${size}:${mtimeMs}`;
      })
      .join(',');
  return {
    kind: 'PGlite',
    dataDir,
    async read(work) {
      const pool = await PGlitePool.open(pgdata);
      try {
        return await work(async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[]);
      } finally {
        await pool.end();
      }
    },
    async untilWriting(_table, timeoutMs, giveUp) {
      const before = walStamp();
      await poll(timeoutMs, giveUp, async () => walStamp() !== before);
    },
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls every 5 ms; `giveUp` returning a reason (e.g. the request has answered) ends the wait. */
async function poll(timeoutMs: number, giveUp: () => string | undefined, done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    const reason = giveUp();
    if (reason) throw new Error(`no write transaction seen before ${reason}`);
    if (Date.now() > deadline) throw new Error(`no write transaction seen within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
