import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { envSchema, loadConfig } from './config/config.schema';

/**
 * The Docker files are checked as text here (no Docker engine runs on these machines; Debian's
 * docker-compose v1 `config` was used by hand to confirm what compose makes of them).
 */
const ROOT = resolve(__dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The `environment:` map of the compose file's api service, as written (before interpolation), read by a YAML parser. */
function composeApiEnvironment(): Map<string, string> {
  const compose = parse(read('docker/docker-compose.yml')) as { services: { api: { environment: Record<string, string | number | boolean | null> } } };
  const environment = compose.services.api.environment;
  expect(Object.keys(environment).length).toBeGreaterThan(0);
  return new Map(Object.entries(environment).map(([name, value]) => [name, value === null ? '' : String(value)]));
}

/** KEY=value lines of docker/.env.example. */
function envExample(): Map<string, string> {
  const pairs = read('docker/.env.example')
    .split('\n')
    .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null);
  return new Map(pairs.map((m) => [m[1], m[2]]));
}

/** `${VAR}`, `${VAR:-default}` and `${VAR-default}` as compose reads them: a default ends at the first `}`. */
function interpolate(value: string, vars: Map<string, string>): string {
  return value.replace(/\$\{([A-Z][A-Z0-9_]*)(?:(:?-)([^}]*))?\}/g, (_, name: string, op: string | undefined, fallback = '') => {
    const set = vars.get(name);
    if (op === ':-') return set ? set : fallback;
    if (op === '-') return set ?? fallback;
    return set ?? '';
  });
}

describe('docker-compose.yml: every setting reaches the API, intact under compose v1', () => {
  const environment = composeApiEnvironment();

  it('passes every variable the API reads (SQUARE_APPLICATION_SECRET, SQUARE_LOCATION_ID, LOG_LEVEL, ADMIN_EMAIL, RATE_LIMIT_*...)', () => {
    // PWA_DIST is where the image itself puts the storefront: not a setting of the shop. The compose
    // file runs PostgreSQL, so the embedded database's own settings have nothing to set.
    const internal = new Set(['PWA_DIST', 'PGLITE_SHARED_BUFFERS_MB']);
    const missing = Object.keys(envSchema.shape).filter((name) => !internal.has(name) && !environment.has(name));
    expect(missing).toEqual([]);
    for (const name of [
      'SQUARE_APPLICATION_SECRET',
      'SQUARE_LOCATION_ID',
      'SHOP_TIME_ZONE',
      'LOG_LEVEL',
      'ADMIN_EMAIL',
      'RATE_LIMIT_MAX',
      'RATE_LIMIT_WINDOW_MS',
      'OUTBOUND_ALLOWLIST',
      'SQUARE_WEBHOOK_SIGNATURE_KEY',
    ]) {
      expect(environment.has(name)).toBe(true);
    }
  });

  it('writes no interpolation default holding a brace, which compose v1 cuts at the first `}` (TILE_URL came out as {z/{x}/{y}.png})', () => {
    const text = read('docker/docker-compose.yml');
    const withBrace = [...text.matchAll(/\$\{[A-Z][A-Z0-9_]*:?-([^}\n]*)\}/g)].filter((m) => m[1].includes('{')).map((m) => m[0]);
    expect(withBrace).toEqual([]);
    // The TILE_URL of the broken file, read the same way, shows the defect this guards against.
    const before = '$' + '{TILE_URL:-https://tile.openstreetmap.org/{z}/{x}/{y}.png}';
    expect(interpolate(before, new Map())).toBe('https://tile.openstreetmap.org/{z/{x}/{y}.png}');
  });

  it('boots the API config from the compose file and docker/.env.example, with the default tile template intact', () => {
    const example = envExample();
    const env = Object.fromEntries([...environment].map(([name, value]) => [name, interpolate(value, example)]));
    expect(env.TILE_URL).toBe('');
    const config = loadConfig({ ...env, SESSION_SECRET: 'a-session-secret-of-32-characters' });
    expect(config.TILE_URL).toBe(DEFAULT_TILE_URL);
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.ADMIN_EMAIL).toBe('admin@cocoa.local');
    expect(config.DATABASE_URL).toBe('postgres://cocoa:change-me@postgres:5432/cocoa');
    // A template set in .env (braces and all) reaches the API as written.
    const own = 'https://tiles.example.com/{z}/{x}/{y}@2x.png';
    expect(interpolate(environment.get('TILE_URL')!, new Map([['TILE_URL', own]]))).toBe(own);
  });

  it('documents in docker/.env.example every variable the compose file reads', () => {
    const example = envExample();
    const text = read('docker/docker-compose.yml')
      .split('\n')
      .filter((line) => !/^\s*#/.test(line))
      .join('\n')
      .replace(/\$\$\{/g, '');
    const read_ = new Set([...text.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]));
    expect([...read_].filter((name) => !example.has(name))).toEqual([]);
  });
});

describe("Dockerfile: the runtime image carries the API's production dependencies and the built storefront only", () => {
  const stages = new Map<string, string>();
  for (const block of read('docker/Dockerfile')
    .split(/^(?=FROM )/m)
    .filter((b) => b.startsWith('FROM '))) {
    const name = /^FROM \S+ AS (\S+)/i.exec(block)?.[1];
    if (name) stages.set(name, block);
  }
  const runtime = stages.get('runtime') ?? '';
  const copiesFrom = (block: string) =>
    [...block.matchAll(/^COPY --from=(\S+)(?: --chown=\S+)? (\S+) (\S+)$/gm)].map((m) => ({ stage: m[1], from: m[2], to: m[3] }));

  it('installs, for the runtime, only the api workspace without dev dependencies', () => {
    const copies = copiesFrom(runtime);
    const dependencyStages = copies.filter((c) => c.from === '/app' || c.from.includes('node_modules')).map((c) => c.stage);
    expect(dependencyStages.length).toBeGreaterThan(0);
    for (const stage of dependencyStages) {
      expect(stage).not.toBe('build');
      const install = /RUN npm ci ([^\n]*)/.exec(stages.get(stage) ?? '')?.[1] ?? '';
      expect(install.split(/\s+/)).toEqual(expect.arrayContaining(['--omit=dev', '--workspace', 'api', '--include-workspace-root=false']));
    }
  });

  it('copies the storefront as built files (pwa/dist and its server entry, pwa/dist-server), never its sources or libraries', () => {
    const copies = copiesFrom(runtime);
    expect(copies).toContainEqual({ stage: 'build', from: '/app/pwa/dist', to: 'pwa/dist' });
    expect(copies).toContainEqual({ stage: 'build', from: '/app/pwa/dist-server', to: 'pwa/dist-server' });
    expect(copies.filter((c) => c.stage === 'build').map((c) => c.from)).toEqual([
      '/app/shared-types/dist',
      '/app/api/dist',
      '/app/pwa/dist',
      '/app/pwa/dist-server',
    ]);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK /m);
    expect(runtime).toMatch(/^CMD \["node", "api\/dist\/main\.js"\]$/m);
  });

  it('runs on a supported Node LTS (22 or later) in every stage', () => {
    expect([...stages.keys()].sort()).toEqual(['api-deps', 'build', 'runtime']);
    for (const block of stages.values()) expect(Number(/^FROM node:(\d+)-/.exec(block)?.[1])).toBeGreaterThanOrEqual(22);
  });

  it('that dependency set (npm ls of the api workspace, production) has no storefront library and covers every package the API imports', () => {
    const ls = spawnSync('npm', ['ls', '--omit=dev', '--workspace', 'api', '--all', '--parseable'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    const installed = new Set(
      ls.stdout
        .split('\n')
        .map((path) => /node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(path)?.[1])
        .filter((name): name is string => !!name),
    );
    expect(installed.size).toBeGreaterThan(100);
    // React itself is the API's too: react-email renders the e-mails with it on the server.
    const storefront = [...installed].filter((name) => /^(@ionic\/|@stencil\/|ionicons$|react-router|leaflet$|vite$|workbox-|@tanstack\/)/.test(name));
    expect(storefront).toEqual([]);
    // Every package the API's (non-test) code imports at run time is in that set or is built in.
    const imported = new Set<string>();
    for (const file of sourceFiles(join(ROOT, 'api/src'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^import (?!type )[^;]*?from '([^'.][^']*)'|require\('([^'.][^']*)'\)/gm)) {
        const spec = m[1] ?? m[2];
        if (spec.startsWith('node:')) continue;
        imported.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
      }
    }
    const missing = [...imported].filter((name) => !installed.has(name) && name !== '@cocoa/shared-types');
    expect(missing).toEqual([]);
    const apiPackage = JSON.parse(read('api/package.json')) as { dependencies: Record<string, string> };
    expect(Object.keys(apiPackage.dependencies).filter((name) => !installed.has(name))).toEqual([]);
  });
});

/** api/src's .ts files that ship: not specs, fixtures or test helpers. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' || name === 'fixtures' ? [] : sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}
