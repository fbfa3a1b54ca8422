// The bench's API figures on the large data set of `npm run seed:large` (5,000 products, 2,000
// customers, 100,000 orders, 2,000 scheduled locations), labelled "PGlite large" and, with
// BENCH_DATABASE_URL, "PostgreSQL large". The PGlite set is seeded once into a cache keyed by the
// compiled seed and migrations, then copied for each run (the checkout figures write to it);
// PostgreSQL is seeded into the fresh bench database each run. Seeding times are figures too.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const DIST = join(root, 'api/dist');
const SEED = join(DIST, 'large-seed.main.js');
const CACHE = join(root, 'node_modules/.cache/cocoa-bench-large');

/** Runs `npm run seed:large`'s compiled runner against env (DATA_DIR or DATABASE_URL); seconds taken. */
function seedLarge(env) {
  const started = Date.now();
  const r = spawnSync(process.execPath, [SEED], {
    cwd: root,
    env: { ...process.env, ADMIN_PASSWORD: 'bench-admin-pass', LOG_LEVEL: 'warn', ...env },
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`the large seed failed (exit ${r.status})`);
  return Math.round((Date.now() - started) / 100) / 10;
}

/** What the seeded database depends on: the compiled seed and migrations. */
function cacheKey() {
  const hash = createHash('sha256');
  const files = [
    ...['large-seed.js', 'large-seed.data.js', 'seed.data.js'].map((f) => join(DIST, 'seed', f)),
    ...readdirSync(join(DIST, 'database/migrations'))
      .filter((f) => f.endsWith('.js'))
      .sort()
      .map((f) => join(DIST, 'database/migrations', f)),
  ];
  for (const file of files) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** A copy of the cached PGlite data directory holding the large set, seeding the cache first when needed. */
function preparedPgliteDir(figure) {
  const cached = join(CACHE, cacheKey());
  if (existsSync(join(cached, 'ready'))) {
    console.log(`Large data set: PGlite copy from the cache ${cached}`);
  } else {
    rmSync(CACHE, { recursive: true, force: true });
    mkdirSync(CACHE, { recursive: true });
    const fresh = mkdtempSync(join(CACHE, 'seeding-'));
    const seconds = seedLarge({ DATA_DIR: fresh });
    figure('Large data set seeded (PGlite, cached for later runs)', seconds, 's', '(no target set)', null);
    writeFileSync(join(fresh, 'ready'), new Date().toISOString());
    renameSync(fresh, cached);
  }
  const dir = mkdtempSync(join(tmpdir(), 'cocoa-bench-large-'));
  cpSync(cached, dir, { recursive: true });
  return dir;
}

/** bench.mjs hands in its own helpers, so the figures are measured exactly like the small-data ones. */
export async function largeDataFigures({ apiFigures, createBenchDatabase, figure }) {
  if (!existsSync(SEED)) throw new Error(`${SEED} is missing: build the API first (npm run build -w shared-types -w api)`);
  const dataDir = preparedPgliteDir(figure);
  try {
    await apiFigures('PGlite large', { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!process.env.BENCH_DATABASE_URL) return;
  const db = await createBenchDatabase(process.env.BENCH_DATABASE_URL);
  try {
    figure('Large data set seeded (PostgreSQL)', seedLarge({ DATABASE_URL: db.url }), 's', '(no target set)', null);
    await apiFigures('PostgreSQL large', { DATABASE_URL: db.url });
  } finally {
    await db.drop();
  }
}
