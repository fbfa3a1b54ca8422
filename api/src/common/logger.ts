import type { LoggerService } from '@nestjs/common';

type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
let threshold = ORDER.info;

export function setLogLevel(level: Level | 'silent'): void {
  threshold = ORDER[level];
}

/** One JSON object per line on stdout, so any log collector can read it. */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (ORDER[level] < threshold) return;
  process.stdout.write(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }) + '\n');
}

/** Nest's own messages go through the same JSON lines. */
export class JsonLogger implements LoggerService {
  log(message: unknown, context?: string) { log('info', String(message), context ? { context } : {}); }
  error(message: unknown, trace?: string, context?: string) { log('error', String(message), { context, trace }); }
  warn(message: unknown, context?: string) { log('warn', String(message), context ? { context } : {}); }
  debug(message: unknown, context?: string) { log('debug', String(message), context ? { context } : {}); }
  verbose(message: unknown, context?: string) { log('debug', String(message), context ? { context } : {}); }
}
