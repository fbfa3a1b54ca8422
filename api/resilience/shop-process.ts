import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { TEST_ADMIN } from '../src/test/test-app';
import type { ShopDatabase } from './shop-database';

/** The production build, run exactly as `npm start` / the Docker image run it. */
const API_MAIN = resolve(__dirname, '../dist/main.js');
const PWA_INDEX = resolve(__dirname, '../../pwa/dist/index.html');
const READY_WITHIN_MS = 90_000;
const STOP_WITHIN_MS = 15_000;
const LOG_TAIL = 400;

/** Every child still running; SIGKILLed when the test process exits, however it exits. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface ShopProcess {
  url: string;
  pid: number;
  /** True while the process has not exited. */
  alive(): boolean;
  /** SIGTERM (graceful shutdown), SIGKILL if it has not exited in 15 s. */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown code runs, as when the machine or the container dies. */
  kill(): Promise<void>;
  /** The last lines the process printed, for failure messages. */
  logTail(): string;
}

export function assertBuilt(): void {
  if (!existsSync(API_MAIN) || !existsSync(PWA_INDEX)) {
    throw new Error(`The resilience suite runs the production build: run \`npm run build\` first (missing ${existsSync(API_MAIN) ? PWA_INDEX : API_MAIN}).`);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts `node api/dist/main.js` on its own free port with the given database and waits until
 * /api/ready answers 200. Only loopback is used: the geocoder points at a closed local port.
 * `env` adds or overrides variables (e.g. Square pointed at a local double).
 */
export async function startShop(db: ShopDatabase, env: Record<string, string> = {}): Promise<ShopProcess> {
  assertBuilt();
  const port = await freePort();
  const { NODE_OPTIONS: _jestFlags, DATABASE_URL: _ownDatabase, ...inherited } = process.env;
  const child = spawn(process.execPath, [API_MAIN], {
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: db.dataDir,
      ...(db.url ? { DATABASE_URL: db.url } : {}),
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      RATE_LIMIT_MAX: '1000000',
      LOG_LEVEL: 'warn',
      GEOCODER_URL: 'http://127.0.0.1:9',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > LOG_TAIL) lines.splice(0, lines.length - LOG_TAIL);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((done) =>
    child.once('exit', () => {
      running.delete(child);
      done();
    }),
  );
  const alive = () => child.exitCode === null && child.signalCode === null;
  const logTail = () => lines.join('\n');
  const signal = async (sig: NodeJS.Signals, graceMs: number) => {
    if (!alive()) return;
    child.kill(sig);
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  const shop: ShopProcess = {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    alive,
    logTail,
    stop: () => signal('SIGTERM', STOP_WITHIN_MS),
    kill: () => signal('SIGKILL', STOP_WITHIN_MS),
  };

  const deadline = Date.now() + READY_WITHIN_MS;
  while (alive() && Date.now() < deadline) {
    const ready = await fetch(`${shop.url}/api/ready`, { signal: AbortSignal.timeout(5000) }).then(
      async (res) => (await res.arrayBuffer(), res.status === 200),
      () => false,
    );
    if (ready) return shop;
    await new Promise((r) => setTimeout(r, 200));
  }
  await shop.kill();
  throw new Error(`The API (${API_MAIN}) did not become ready within ${READY_WITHIN_MS / 1000} s. Its last output:\n${logTail()}`);
}

/** A figure for the log (requests made, checkouts completed...), printed as it is, outside jest's console framing. */
export function report(line: string): void {
  process.stdout.write(`[resilience] ${line}\n`);
}
