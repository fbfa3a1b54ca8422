// Runs the API suite a second time against a real PostgreSQL server when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('\nPostgreSQL suite not run: TEST_DATABASE_URL is not set (e.g. postgres://postgres:postgres@localhost:5432/postgres). .ci/run sets it.\n');
  process.exit(0);
}
// Three workers on two cores, as the PGlite run (package.json): much of a spec's time is waiting on
// pg-boss's polls, retry waits and timers, so a third worker fills the idle CPU (PGlite suite
// 502 s → 382 s on the 2-core machine, the CPU then ~97 % busy; a fourth would only queue).
const result = spawnSync('npx', ['jest', '--maxWorkers=3'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB: 'postgres', NODE_OPTIONS: '--experimental-vm-modules' },
});
process.exit(result.status ?? 1);
