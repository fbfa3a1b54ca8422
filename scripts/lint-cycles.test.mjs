// The lint rules that keep the PWA's imports running one way (eslint.config.mjs): files planted in
// two features that import each other fail, as a feature importing a feature above it does; an
// import down to a lower feature's index.ts passes. Run: scripts/lts node --test scripts/lint-cycles.test.mjs
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHECKED = new Set(['import-x/no-cycle', 'boundaries/dependencies']);
const planted = [];

/** Writes one file of the PWA's source, deleted after the tests. */
function plant(path, text) {
  planted.push(join(root, path));
  writeFileSync(join(root, path), text);
  return path;
}

/** The layering findings of the planted files; the typed rules are left out (no TypeScript program: fast). */
async function lint(paths) {
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    ruleFilter: ({ ruleId }) => CHECKED.has(ruleId),
  });
  const results = await eslint.lintFiles(paths);
  return results.flatMap((result) => result.messages.map((m) => ({ file: result.filePath.slice(root.length), rule: m.ruleId, message: m.message })));
}

describe('import cycles in the PWA', () => {
  after(() => {
    for (const path of planted) rmSync(path, { force: true });
  });

  it('fails two features whose files import each other', async () => {
    const a = plant('pwa/src/features/cart/__probe_a__.ts', "import { probeB } from '../catalogue/__probe_b__';\nexport const probeA = () => probeB();\n");
    const b = plant(
      'pwa/src/features/catalogue/__probe_b__.ts',
      "import { probeA } from '../cart/__probe_a__';\nexport const probeB = (): unknown => probeA;\n",
    );
    const found = await lint([a, b]);
    for (const file of [a, b])
      assert.ok(
        found.some((f) => f.file === file && f.rule === 'import-x/no-cycle'),
        `${file}: no cycle error in ${JSON.stringify(found)}`,
      );
    assert.ok(
      found.some((f) => f.rule === 'boundaries/dependencies'),
      JSON.stringify(found),
    );
  });

  it('fails a feature that imports, through its index.ts, a feature on a floor above it', async () => {
    const up = plant('pwa/src/features/cart/__probe_up__.ts', "import { ProductCard } from '../catalogue';\nexport const probeUp = ProductCard;\n");
    const found = await lint([up]);
    assert.deepEqual(
      found.map((f) => [f.file, f.rule]),
      [[up, 'boundaries/dependencies']],
    );
  });

  it('passes a feature that imports a lower feature through its index.ts', async () => {
    const down = plant('pwa/src/features/catalogue/__probe_down__.ts', "import { addToCart } from '../cart';\nexport const probeDown = addToCart;\n");
    assert.deepEqual(await lint([down]), []);
  });
});
