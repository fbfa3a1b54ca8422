import type { Logger } from 'typeorm';
import { log } from '../common/logger';

/**
 * TypeORM's messages as our JSON lines. Query parameters are left out on purpose: they can hold
 * personal data (e-mails, addresses, password hashes).
 */
export class TypeOrmJsonLogger implements Logger {
  logQuery(): void {}
  logQueryError(error: string | Error, query: string): void {
    log('warn', 'query failed', { error: error instanceof Error ? error.message : error, query: query.slice(0, 500) });
  }
  logQuerySlow(time: number, query: string): void {
    log('warn', 'slow query', { ms: time, query: query.slice(0, 500) });
  }
  logSchemaBuild(message: string): void {
    log('debug', message);
  }
  logMigration(message: string): void {
    log('info', message);
  }
  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    log(level === 'warn' ? 'warn' : 'info', String(message));
  }
}
