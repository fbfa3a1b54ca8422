import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './config/config.schema';
import { SettingsService } from './settings/settings.service';
import { ShopTimeZoneService } from './settings/shop-time-zone.service';
import { LARGE_SEED_COUNTS, type LargeSeedCounts, LargeSeedRefusedError, seedLarge } from './seed/large-seed';

/**
 * `npm run seed:large [-- --products=N --users=N --orders=N --locations=N]`: builds the API
 * application without listening (same config: PGlite in DATA_DIR, or DATABASE_URL), which runs
 * the migrations and the first-start seed, then adds the large data set. Exit 1 when refused.
 */
const count = (name: string, max: number) =>
  z.coerce
    .number({ message: `--${name} must be a number` })
    .int(`--${name} must be a whole number`)
    .min(1, `--${name} must be at least 1`)
    .max(max, `--${name} must be at most ${max}`);
const argsSchema = z.strictObject({
  products: count('products', 100_000).default(LARGE_SEED_COUNTS.products),
  users: count('users', 100_000).default(LARGE_SEED_COUNTS.users),
  orders: count('orders', 1_000_000).default(LARGE_SEED_COUNTS.orders),
  locations: count('locations', 100_000).default(LARGE_SEED_COUNTS.locations),
});

function parseArgs(argv: string[]): LargeSeedCounts {
  const pairs = argv.map((arg) => /^--([a-z]+)=(.*)$/.exec(arg) ?? fail(`Unknown argument ${arg} (use --products=N --users=N --orders=N --locations=N)`));
  const parsed = argsSchema.safeParse(Object.fromEntries(pairs.map(([, key, value]) => [key, value])));
  if (!parsed.success)
    fail(
      parsed.error.issues.map((i) => (i.code === 'unrecognized_keys' ? `Unknown argument ${i.keys.map((k) => `--${k}`).join(', ')}` : i.message)).join('\n'),
    );
  return parsed.data;
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const counts = parseArgs(process.argv.slice(2));
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const where = config.DATABASE_URL ? `PostgreSQL ${new URL(config.DATABASE_URL).pathname.slice(1)}` : `PGlite in ${config.dataDir}/pgdata`;
  console.log(
    `Large seed into ${where}: ${counts.products} products, ${counts.users} customers, ${counts.orders} orders, ${counts.locations} scheduled locations`,
  );
  const started = Date.now();
  // Info lines of the start-up (migrations, demo seed) would drown the progress; warnings still show.
  const app = await createApp({ ...config, LOG_LEVEL: config.LOG_LEVEL === 'info' || config.LOG_LEVEL === 'debug' ? 'warn' : config.LOG_LEVEL });
  await app.init();
  console.log(`database ready, migrations run (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  try {
    const result = await seedLarge(app.get(DataSource), app.get(SettingsService), counts, {
      progress: (line) => console.log(line),
      timeZone: await app.get(ShopTimeZoneService).current(),
    });
    console.log(
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.counts.products} products, ${result.counts.users} customers, ${result.counts.orders} orders with ${result.orderItems} items, ${result.counts.locations} scheduled locations.`,
    );
  } catch (err) {
    if (!(err instanceof LargeSeedRefusedError)) throw err;
    process.stderr.write(`Refused: ${err.message}\n`);
    process.exitCode = 1;
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`Large seed failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
