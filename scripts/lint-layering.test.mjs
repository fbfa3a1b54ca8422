// The lint rules that keep the API's imports running one way (eslint.config.mjs, "Layering"):
// files planted in api/src fail when a domain module imports the back office (or the seed, or an
// app file), when config imports common, when common or database imports a domain module, and when
// a domain module imports another module's entity; a domain module importing another module's
// service passes. Run: scripts/lts node --test scripts/lint-layering.test.mjs
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = fileURLToPath(new URL('..', import.meta.url));
const RULE = 'boundaries/dependencies';

/**
 * Writes `text` at `path` (under api/src), lints it alone and deletes it; answers its layering
 * findings. The typed rules are left out (no TypeScript program: fast).
 */
async function lintPlanted(path, text) {
  const file = join(root, path);
  writeFileSync(file, text);
  try {
    const eslint = new ESLint({
      cwd: root,
      overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
      ruleFilter: ({ ruleId }) => ruleId === RULE,
    });
    const [result] = await eslint.lintFiles([path]);
    return result.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
  } finally {
    rmSync(file, { force: true });
  }
}

/** Asserts exactly one finding, a layering error naming the import. */
function assertRefused(found, imported) {
  assert.equal(found.length, 1, JSON.stringify(found));
  assert.equal(found[0].rule, RULE);
  assert.match(found[0].message, new RegExp(`may not import ${imported.replace(/[.]/g, '\\.')}`));
}

describe('layering of the API', () => {
  it('fails a domain module that imports the back office', async () => {
    const found = await lintPlanted(
      'api/src/orders/__lint_probe__.ts',
      "import { SummaryService } from '../back-office/summary.service';\nexport const probe = SummaryService;\n",
    );
    assertRefused(found, '../back-office/summary.service');
  });

  it('fails config importing common', async () => {
    const found = await lintPlanted('api/src/config/__lint_probe__.ts', "import { log } from '../common/logger';\nexport const probe = log;\n");
    assertRefused(found, '../common/logger');
  });

  it("fails a domain module that imports another module's entity", async () => {
    const found = await lintPlanted(
      'api/src/orders/__lint_probe__.ts',
      "import { Product } from '../catalogue/product.entity';\nexport const probe = Product;\n",
    );
    assertRefused(found, '../catalogue/product.entity');
  });

  it('fails a domain module that imports the seed or an app file', async () => {
    const found = await lintPlanted(
      'api/src/bookings/__lint_probe__.ts',
      "import { SeedService } from '../seed/seed.service';\nimport { AppModule } from '../app.module';\nexport const probe = [SeedService, AppModule];\n",
    );
    assert.deepEqual(
      found.map((f) => f.rule),
      [RULE, RULE],
    );
  });

  it('fails common or database importing a domain module', async () => {
    assertRefused(
      await lintPlanted('api/src/common/__lint_probe__.ts', "import { OrdersService } from '../orders/orders.service';\nexport const probe = OrdersService;\n"),
      '../orders/orders.service',
    );
    assertRefused(
      await lintPlanted(
        'api/src/database/__lint_probe__.ts',
        "import { SettingsService } from '../settings/settings.service';\nexport const probe = SettingsService;\n",
      ),
      '../settings/settings.service',
    );
  });

  it("passes a domain module that imports another module's service", async () => {
    const found = await lintPlanted(
      'api/src/orders/__lint_probe__.ts',
      "import { StockService } from '../catalogue/stock.service';\nexport const probe = StockService;\n",
    );
    assert.deepEqual(found, []);
  });
});
