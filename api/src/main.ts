import 'reflect-metadata';
import type { Server } from 'node:http';
import { log } from './common/logger';
import { ConfigError, loadConfig } from './config/config.schema';
import { createApp } from './app.factory';
import { LiveStreamService } from './live/live-stream.service';

// Under Docker's 10 s stop grace period, leaving time to close the database.
const DRAIN_MS = 8_000;

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
  // Node closes an idle keep-alive connection after 5 s. A client or proxy that keeps one longer
  // (browsers, load balancers with a 60 s idle timeout) can send on it just as it closes and get a
  // reset; the server keeps idle connections longer than they do (server.close() still ends idle ones).
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      log('info', 'shutting down', { signal });
      // Stop accepting connections and let requests in flight finish before Nest's shutdown hooks
      // close the database (Nest itself closes the HTTP server only after them). Live event
      // streams never finish by themselves: they end first (their clients reconnect elsewhere).
      app
        .get(LiveStreamService)
        .endAll()
        .then(() => drainHttp(server))
        .then(() => app.close())
        .then(() => process.exit(0))
        .catch((err: unknown) => {
          log('error', 'shutdown failed', { error: String(err) });
          process.exit(1);
        });
    });
  }
  log('info', `Cocoa shop listening on http://localhost:${config.PORT}`, { port: config.PORT, database: config.DATABASE_URL ? 'postgres' : 'pglite' });
}

/** Resolves once every request in flight has been answered (at most DRAIN_MS, then connections are cut). */
function drainHttp(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const cut = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
    cut.unref();
    server.close(() => {
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}

main().catch((err: unknown) => {
  log('error', 'start-up failed', { error: err instanceof Error ? err.stack : String(err) });
  process.exit(1);
});
