// The project runs on a supported Node LTS (22 or later). Started on an older Node (Debian's 20),
// a script runs itself again through scripts/lts, which installs Node 24 from the npm registry.
import { spawnSync } from 'node:child_process';

export function runOnLts(script) {
  if (Number(process.versions.node.split('.')[0]) >= 22) return;
  const lts = new URL('./lts', import.meta.url).pathname;
  console.log(`Node ${process.version} is past its end of life: running ${script} on Node 24 LTS (scripts/lts).`);
  const result = spawnSync(lts, ['node', new URL(script, import.meta.url).pathname, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
