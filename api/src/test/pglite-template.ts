import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgBoss } from 'pg-boss';
import { DataSource } from 'typeorm';
import { pgliteJobDb } from '../jobs/job-db';
import { JOBS_SCHEMA } from '../jobs/jobs.service';
import { migrations } from '../database/migrations';
import { PGlitePool, pgliteDataSourceOptions } from '../database-pool/pglite-pool';
import { SnakeNamingStrategy } from '../database/snake-naming.strategy';
import { buildPostgresTemplate, removePostgresTemplate } from './postgres-template';

/** Set by the global setup for the workers: a PGlite directory with every migration and pg-boss's schema applied. */
const TEMPLATE_ENV = 'COCOA_TEST_PGLITE_TEMPLATE';

/**
 * Jest global setup (PGlite runs only). A new PGlite directory costs ~3 s of initdb and the
 * migrations another second; every test app would pay it. This builds one migrated directory per
 * run, and each test app starts on a copy of it (~0.3 s). The app still runs its migrations (none
 * left) and its seed (not in the template: it depends on the test's clock and zone) as in production.
 */
export default async function buildTemplate(): Promise<void> {
  if (process.env.TEST_DB === 'postgres') return buildPostgresTemplate();
  const dir = mkdtempSync(join(tmpdir(), 'cocoa-template-'));
  const pool = await PGlitePool.open(join(dir, 'pgdata'));
  const dataSource = new DataSource({
    type: 'postgres',
    ...pgliteDataSourceOptions(pool),
    uuidExtension: 'pgcrypto',
    namingStrategy: new SnakeNamingStrategy(),
    migrations,
    migrationsTransactionMode: 'each',
  });
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  const boss = new PgBoss({ db: pgliteJobDb(pool), backend: 'pglite', schema: JOBS_SCHEMA, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false });
  await dataSource.destroy();
  await pool.end();
  process.env[TEMPLATE_ENV] = dir;
}

/** Global teardown: the template goes. */
export async function removeTemplate(): Promise<void> {
  if (process.env.TEST_DB === 'postgres') return removePostgresTemplate();
  const dir = process.env[TEMPLATE_ENV];
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/** Gives `dataDir` a copy of the run's template database unless it already has one (a restart test reusing its folder). */
export function seedDataDirFromTemplate(dataDir: string): void {
  const template = process.env[TEMPLATE_ENV];
  const target = join(dataDir, 'pgdata');
  if (!template || existsSync(target)) return;
  cpSync(join(template, 'pgdata'), target, { recursive: true });
}
