// `npm start`: builds whatever is missing or older than its sources, then serves PWA + API
// on http://localhost:${PORT:-3000} (embedded PostgreSQL in ./data unless DATABASE_URL is set).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runOnLts } from './on-lts.mjs';

runOnLts('./start.mjs');

const root = new URL('..', import.meta.url).pathname;

function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const builds = [
  { workspace: 'shared-types', output: 'shared-types/dist/index.js', sources: ['shared-types/src'] },
  { workspace: 'api', output: 'api/dist/main.js', sources: ['api/src', 'shared-types/src'] },
  { workspace: 'pwa', output: 'pwa/dist/index.html', sources: ['pwa/src', 'pwa/public', 'pwa/index.html', 'pwa/vite.config.ts', 'shared-types/src'] },
];

for (const { workspace, output, sources } of builds) {
  const out = join(root, output);
  const builtAt = existsSync(out) ? statSync(out).mtimeMs : 0;
  const changedAt = Math.max(
    ...sources.map((s) =>
      existsSync(join(root, s)) && statSync(join(root, s)).isDirectory()
        ? newestMtime(join(root, s))
        : existsSync(join(root, s))
          ? statSync(join(root, s)).mtimeMs
          : 0,
    ),
  );
  if (builtAt >= changedAt) continue;
  console.log(`Building ${workspace}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [join(root, 'api/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
