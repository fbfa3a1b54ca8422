import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { INestApplication, Type } from '@nestjs/common';
import supertest from 'supertest';
import { DataSource } from 'typeorm';
import { MailService } from '../mail/mail.service';
import { createApp } from '../app.factory';
import { type AppConfig, loadConfig } from '../config/config.schema';
import { seedDataDirFromTemplate } from './pglite-template';
import { onServer, postgresTemplate, testServer } from './postgres-template';

export const TEST_ADMIN = { username: 'admin', password: 'admin-pass-123' };

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  dataSource: DataSource;
  /** A fresh cookie-keeping client (one browser). */
  agent(): ReturnType<typeof supertest.agent>;
  /** A client already signed in as the given user. */
  signedIn(username: string, password: string): Promise<ReturnType<typeof supertest.agent>>;
  /** Writes out every queued message as its delivery would, so its subject and bodies can be read in mail_outbox. */
  mailWritten(): Promise<void>;
  /** How many rows `from` holds: a table, or a table with its WHERE clause (`users WHERE is_admin`). */
  count(from: string, params?: unknown[]): Promise<number>;
  close(): Promise<void>;
}

/** A cookie-keeping client of a test app (one browser). */
export type TestAgent = ReturnType<TestApp['agent']>;

/**
 * An it.each body for the admin's routes: `method path` answers 401 to an anonymous caller and 403
 * to `customer()`, a signed-in customer; `body`, if given, goes with both requests.
 */
export const adminOnly =
  (t: TestApp, customer: () => TestAgent, body?: object) =>
  async (method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string): Promise<void> => {
    const send = (agent: TestAgent) => (body ? agent[method](path).send(body) : agent[method](path));
    expect((await send(t.agent())).status).toBe(401);
    expect((await send(customer())).status).toBe(403);
  };

/**
 * The test app of the enclosing describe block: started before its tests (with `env`, or what
 * `env()` gives once the hooks before it have run), closed after them. The handle stands for the
 * running app, so the block reads `t.agent()` as it would with `startTestApp`'s answer.
 */
export function useTestApp(env: Record<string, string> | (() => Record<string, string>) = {}): TestApp {
  let running: TestApp | undefined;
  beforeAll(async () => {
    running = await startTestApp(typeof env === 'function' ? env() : env);
  });
  afterAll(() => running?.close());
  return startedInHooks(() => running, 'the test app');
}

/** One of the app's providers (`t.app.get(type)`), looked up when used in a hook or test of the block. */
export function serviceOf<T extends object>(t: TestApp, type: Type<T>): T {
  return startedInHooks(() => t.app.get(type), type.name);
}

/**
 * A handle on what a describe block's beforeAll starts: reading or setting a property of it reads
 * or sets the one `current()` answers at that moment (in a hook or a test of the block).
 */
export function startedInHooks<T extends object>(current: () => T | undefined, what: string): T {
  const started = (key: string | symbol): T => {
    const value = current();
    if (!value) throw new Error(`${what} is not running: read .${String(key)} inside a hook or test of its describe block`);
    return value;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(started(key), key),
    set: (_, key, value) => Reflect.set(started(key), key, value),
  });
}

/**
 * Boots the real application on a fresh, migrated and seeded database: PGlite in a temp folder,
 * or, with TEST_DB=postgres, a new database on the server named by TEST_DATABASE_URL.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cocoa-test-'));
  // A spec that names its own database (replicas sharing one) gets no other.
  const database = process.env.TEST_DB === 'postgres' && !env.DATABASE_URL ? await createPostgresDatabase({ migrated: true }) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    RATE_LIMIT_MAX: '10000',
    // A test database holds a few hundred rows: a 16 MB buffer pool starts in a third of the time.
    PGLITE_SHARED_BUFFERS_MB: '16',
    PUBLIC_URL: 'http://localhost:3000',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  if (!config.DATABASE_URL) seedDataDirFromTemplate(config.dataDir);
  const app = await createApp(config);
  await app.init();
  const server = app.getHttpServer();
  const agent = () => supertest.agent(server);
  return {
    app,
    config,
    dataSource: app.get(DataSource),
    agent,
    async signedIn(username, password) {
      const client = agent();
      const res = await client.post('/api/login').send({ username, password });
      if (res.status !== 200) throw new Error(`login as ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return client;
    },
    mailWritten: () => app.get(MailService).renderQueued(),
    count: async (from, params = []) => Number((await app.get(DataSource).query(`SELECT count(*)::int AS n FROM ${from}`, params))[0].n),
    async close() {
      await app.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new database on the server TEST_DATABASE_URL names: empty, or with `migrated` a copy of the
 * run's migrated template (postgres-template.ts); `drop()` removes it.
 */
export async function createPostgresDatabase({ migrated = false } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cocoa_test_${randomBytes(6).toString('hex')}`;
  const template = migrated ? postgresTemplate() : undefined;
  await onServer(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    url: testServer().withDatabase(name),
    drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A test app serving a built PWA of its own (PWA_DIST), so its pages are served whether or not the
 * PWA was built yet: `build` is written into the folder before the app starts (path below it →
 * contents, or a function that writes it), and the folder is removed after the block's tests.
 */
export function useTestAppServing(
  build: Record<string, string | Uint8Array> | ((dist: string) => void),
  env: Record<string, string> = {},
): { t: TestApp; dist: string } {
  const dist = mkdtempSync(join(tmpdir(), 'cocoa-dist-'));
  beforeAll(() => {
    if (typeof build === 'function') return build(dist);
    for (const [path, contents] of Object.entries(build)) {
      mkdirSync(dirname(join(dist, path)), { recursive: true });
      writeFileSync(join(dist, path), contents);
    }
  });
  const t = useTestApp({ PWA_DIST: dist, ...env });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  return { t, dist };
}
