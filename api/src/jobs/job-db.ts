import type { Db as IDatabase } from 'pg-boss';
import type { QueryRunner } from 'typeorm';
import type { PGlitePool } from '../database-pool/pglite-pool';

/**
 * pg-boss on the embedded database: every statement goes through our PGlite pool, whose `connect()`
 * holds the one session until release, so a pg-boss statement never lands inside a TypeORM
 * transaction. A text without values may be several statements (pg-boss's `BEGIN; …
 * RETURNING …; COMMIT` blocks): it runs through PGlite `exec`, and every statement's rows come back,
 * as node-postgres hands pg-boss an array for such a text.
 */
export function pgliteJobDb(pool: PGlitePool): IDatabase {
  return {
    async executeSql(text, values) {
      const client = await pool.connect();
      try {
        if (values?.length) return await client.query(text, values);
        const results = await client.queryAll(text);
        return { rows: results.flatMap((r) => r.rows) };
      } catch (err) {
        // A statement that failed inside a BEGIN … COMMIT text leaves the session's transaction
        // aborted; a pool of real connections would drop it, the one session must end it.
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    // pg-boss's wake-ups (LISTEN/NOTIFY) on the one session: a job written wakes its workers at once.
    async listen(channel: string, onNotification: (payload: string) => void) {
      const stop = await pool.listen(channel, onNotification);
      return { close: stop };
    },
  };
}

/** A job written in the caller's TypeORM transaction: it exists only if that transaction commits. */
export function transactionJobDb(runner: QueryRunner): IDatabase {
  return {
    async executeSql(text, values) {
      const result = await runner.query(text, values, true);
      return { rows: (result.records ?? []) as unknown[] };
    },
  };
}
