// `npm test`: lint and unused code, shared rules, PWA components, API on PGlite (and PostgreSQL
// when TEST_DATABASE_URL is set), then the production build: resilience (PostgreSQL outage, load,
// SIGKILL mid-write) and end to end in Debian's Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runOnLts } from './on-lts.mjs';

runOnLts('./test.mjs');

const root = new URL('..', import.meta.url).pathname;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(title, command, args, env = {}, dir = '.') {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: join(root, dir), stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${title}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s ===`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Starts a step beside the next ones; awaiting it waits for its end and prints its output then (kept
 * in a file meanwhile: a pipe would stall it while the next step holds this process), and a failure
 * stops the run as `run` does.
 */
function runBeside(title, command, args) {
  const started = Date.now();
  const logFile = join(mkdtempSync(join(tmpdir(), 'cocoa-test-')), 'output.log');
  const out = openSync(logFile, 'w');
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out], env: process.env });
  return new Promise((resolve) => {
    child.on('close', (status) => {
      closeSync(out);
      console.log(`\n=== ${title} ===`);
      process.stdout.write(readFileSync(logFile));
      rmSync(dirname(logFile), { recursive: true, force: true });
      console.log(`=== ${title}: ${status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s ===`);
      if (status !== 0) process.exit(status ?? 1);
      resolve();
    });
  });
}

if (!existsSync(CHROMIUM)) {
  console.error(`Chromium not found at ${CHROMIUM}. Install it with: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  process.exit(1);
}

// The lint runs beside the shared rules and the PWA's components: ESLint, tsc and knip are one
// process on one core, and the PWA's two jest workers take the other. Its output is printed when it
// is done, so the two logs do not interleave.
const lint = runBeside('lint: ESLint (typed rules, React hooks, accessibility, layering) and knip (unused files, exports, dependencies)', 'npm', [
  'run',
  'lint',
]);
run('shared-types unit tests', 'npm', ['test', '-w', 'shared-types']);
// Workers per core count (2 here): jest's default of one fewer left one core idle for the PWA
// (81 s → 47 s); the API's specs wait on timers and polls, so it runs three (api/package.json).
run('PWA component tests', 'npm', ['test', '-w', 'pwa']);
await lint;
// Nothing may depend on the server process's zone (the shop has one clock, docs/features.md "Time
// zone"), nor the browser's. The whole API suite runs once west of UTC and of the shop (PGlite in
// Pacific/Honolulu, where a calendar day read as a UTC instant falls on the day before) and once far
// east of it (PostgreSQL in Pacific/Auckland, where the machine's date is often the shop's tomorrow).
run('API tests on PGlite, the process in Pacific/Honolulu', 'npm', ['run', 'test:pglite', '-w', 'api'], { TZ: 'Pacific/Honolulu' });
run('API tests on PostgreSQL, the process in Pacific/Auckland', 'node', ['scripts/test-postgres.mjs'], { TZ: 'Pacific/Auckland' }, 'api');
// The shared rules and the first screens in the three zones (seconds each), and the API's
// time-sensitive specs once more in UTC, as in our Docker image.
for (const tz of ['UTC', 'Pacific/Auckland', 'Pacific/Honolulu']) {
  run(`shared-types, events and calendar specs with TZ=${tz}`, 'npm', ['test', '-w', 'shared-types'], { TZ: tz });
  // The server renders the stops in the shop's zone and the app hydrates that markup in a browser elsewhere.
  run(`PWA first-screen rendering and hydration specs with TZ=${tz}`, 'npx', ['jest', '--maxWorkers=2', 'src/server'], { TZ: tz }, 'pwa');
}
run(
  'API events, calendar, seed, summary, bookings and booking availability specs with TZ=UTC',
  'npx',
  [
    'jest',
    // Three workers, as the whole API suite: these specs wait on timers and polls too.
    '--maxWorkers=3',
    'src/events',
    'src/seed/seed.service.spec.ts',
    'src/back-office/summary.spec.ts',
    'src/bookings/bookings.spec.ts',
    'src/bookings/booking-availability.spec.ts',
    'src/database-pool/pglite-pool.spec.ts',
  ],
  { TZ: 'UTC', NODE_OPTIONS: '--experimental-vm-modules', TEST_DB: 'pglite' },
  'api',
);
run('production build', 'npm', ['run', 'build']);
run('resilience: the built API with PostgreSQL stopped, under load, SIGKILLed mid-write', 'npm', ['run', 'test:resilience', '-w', 'api']);
// A spec that takes "today" on the machine's clock instead of the shop's fails only in the hours
// when the two dates differ (00:00-06:00 UTC for a Chicago shop on a UTC machine). So the runner
// (and the servers it starts) always run in a zone whose date is not the shop's right now; the
// browser stays in the shop's zone (playwright.config.ts).
const e2eZone = zoneOnAnotherDay('America/Chicago');
run(`end-to-end (Playwright, Chromium), the runner in ${e2eZone}`, 'npx', ['playwright', 'test'], { TZ: e2eZone });

/** A zone whose date differs from `shopZone`'s now and for the next hour (else just now). */
function zoneOnAnotherDay(shopZone) {
  const day = (at, timeZone) => new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(at);
  const differs = (zone, at) => day(at, zone) !== day(at, shopZone);
  const now = new Date();
  const inAnHour = new Date(now.getTime() + 3600_000);
  // UTC+14 and UTC-12: between them, one is on another date than any zone at any moment.
  const zones = ['Pacific/Kiritimati', 'Etc/GMT+12'];
  return zones.find((zone) => differs(zone, now) && differs(zone, inAnHour)) ?? zones.find((zone) => differs(zone, now)) ?? zones[0];
}
