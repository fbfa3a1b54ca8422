// `npm test`: shared rules, PWA components, API on PGlite (and PostgreSQL when TEST_DATABASE_URL
// is set), then the production build: resilience (PostgreSQL outage, load, SIGKILL mid-write) and
// end to end in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${title}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s ===`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(CHROMIUM)) {
  console.error(`Chromium not found at ${CHROMIUM}. Install it with: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  process.exit(1);
}

run('shared-types unit tests', 'npm', ['test', '-w', 'shared-types']);
run('PWA component tests', 'npm', ['test', '-w', 'pwa']);
run('API tests', 'npm', ['test', '-w', 'api']);
run('production build', 'npm', ['run', 'build']);
run('resilience: the built API with PostgreSQL stopped, under load, SIGKILLed mid-write', 'npm', ['run', 'test:resilience', '-w', 'api']);
run('end-to-end (Playwright, Chromium)', 'npx', ['playwright', 'test']);
