// The documented figures are the measured ones, and the targets the bench sets stay in what it
// measured: run by `npm run lint`.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { benchTable, PAGE, RESULTS, withBenchTable } from './bench-table.mjs';

const results = JSON.parse(readFileSync(RESULTS, 'utf8'));

test('docs/performance.md shows the figures of bench/results.json', () => {
  const page = readFileSync(PAGE, 'utf8');
  assert.equal(withBenchTable(page, results), page, 'run node scripts/bench-table.mjs after npm run bench');
});

test('every figure with a target says whether it was met, and a miss says by how much', () => {
  for (const f of results.figures) {
    const hasTarget = f.target !== '' && !String(f.target).startsWith('(');
    assert.equal(typeof f.met === 'boolean', hasTarget, `${f.name}: target ${JSON.stringify(f.target)}, met ${f.met}`);
    if (f.met === false) assert.ok(f.gap, `${f.name} is missed without its gap`);
  }
});

test('the checkout, answer-cache and summary targets are measured on every database the run covered', () => {
  const names = results.figures.map((f) => f.name);
  const databases = ['PGlite', 'PostgreSQL'].filter((db) => names.some((n) => n.startsWith(`API ${db} `)));
  assert.ok(databases.includes('PGlite'), 'the embedded database is always measured');
  for (const db of databases) {
    for (const wanted of [
      `Checkout ${db} test-mode, 10 buyers completions/s`,
      `Checkout ${db} test-mode, 10 buyers p99`,
      `API ${db} GET /api/square/catalog/products vs raw`,
      `API ${db} GET /api/square/catalog/products/slug/{slug} vs raw`,
      `API ${db} GET /api/square/catalog/products, a client without gzip vs raw`,
      `API ${db} GET /api/square/catalog/products, a client asking only for brotli vs raw`,
      `API ${db} GET /api/admin/summary (admin, one at a time) p95`,
    ]) {
      const figure = results.figures.find((f) => f.name === wanted);
      assert.ok(figure, `${wanted} is not in bench/results.json`);
      assert.equal(typeof figure.met, 'boolean', `${wanted} has no target`);
    }
  }
});

test('the table escapes what would break a Markdown row', () => {
  const table = benchTable({ date: '2026-01-02T00:00:00Z', figures: [{ name: 'a | b', value: 1, unit: '%', target: '>= 70', met: false, gap: '2 | 3' }] });
  assert.match(table, /\| a \\\| b \| 1 % \| >= 70 \| NO \(2 \\\| 3\) \|/);
});
