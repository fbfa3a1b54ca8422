import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
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
  close(): Promise<void>;
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
