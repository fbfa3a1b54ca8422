import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { PgBoss } from 'pg-boss';
import { DataSource } from 'typeorm';
import { JOBS_SCHEMA } from '../jobs/jobs.service';
import { migrations } from '../database/migrations';
import { SnakeNamingStrategy } from '../database/snake-naming.strategy';

/** Set by the global setup for the workers: a database with every migration and pg-boss's schema applied. */
const TEMPLATE_ENV = 'COCOA_TEST_POSTGRES_TEMPLATE';

/** The server TEST_DATABASE_URL names, and `url` with its database replaced by `name`. */
export function testServer(): { url: string; withDatabase(name: string): string } {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (postgres://user:pass@host:port/db)');
  return {
    url,
    withDatabase(name) {
      const target = new URL(url);
      target.pathname = `/${name}`;
      return target.toString();
    },
  };
}

/** Runs `sql` on the server's own database (CREATE and DROP DATABASE cannot run inside the one they name). */
export async function onServer(sql: string): Promise<void> {
  const admin = new Client({ connectionString: testServer().url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * Jest global setup (PostgreSQL runs): the migrations and pg-boss's schema cost each test app a
 * few seconds on a new database. This migrates one database per run; each test app's database is
 * created as a copy of it (`CREATE DATABASE ... TEMPLATE`), still runs its migrations (none left)
 * and its seed as in production. A database a spec creates itself stays empty (a fresh start).
 */
export async function buildPostgresTemplate(): Promise<void> {
  const name = `cocoa_template_${randomBytes(6).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name}`);
  const url = testServer().withDatabase(name);
  const dataSource = new DataSource({ type: 'postgres', url, uuidExtension: 'pgcrypto', namingStrategy: new SnakeNamingStrategy(), migrations });
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  await dataSource.destroy();
  const boss = new PgBoss({ connectionString: url, max: 1, schema: JOBS_SCHEMA, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false });
  process.env[TEMPLATE_ENV] = name;
}

/** The template's name (set by the global setup), for `CREATE DATABASE ... TEMPLATE`. */
export function postgresTemplate(): string | undefined {
  return process.env[TEMPLATE_ENV];
}

/** Global teardown: the template goes. */
export async function removePostgresTemplate(): Promise<void> {
  const name = process.env[TEMPLATE_ENV];
  if (name) await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
