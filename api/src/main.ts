import 'reflect-metadata';
import { log } from './common/logger';
import { ConfigError, loadConfig } from './config/config.schema';
import { createApp } from './app.factory';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const app = await createApp(config);
  await app.listen(config.PORT);
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      log('info', 'shutting down', { signal });
      // Stop accepting connections, let requests in flight finish, then close the database.
      app
        .close()
        .then(() => process.exit(0))
        .catch((err: unknown) => {
          log('error', 'shutdown failed', { error: String(err) });
          process.exit(1);
        });
    });
  }
  log('info', `Cocoa shop listening on http://localhost:${config.PORT}`, { port: config.PORT, database: config.DATABASE_URL ? 'postgres' : 'pglite' });
}

main().catch((err: unknown) => {
  log('error', 'start-up failed', { error: err instanceof Error ? err.stack : String(err) });
  process.exit(1);
});
