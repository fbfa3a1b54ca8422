// Writes the figures of bench/results.json (the last `npm run bench`) into docs/performance.md,
// between its `bench:start` and `bench:end` marks, so the documented figures are the measured
// ones. `npm run bench` calls it; `node scripts/bench-table.mjs` alone rewrites the table from the
// file, and `node scripts/bench-table.mjs --check` fails when the page and the file differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS = join(root, 'bench/results.json');
export const PAGE = join(root, 'docs/performance.md');
const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

const cell = (text) => String(text).replaceAll('|', '\\|');

/** The Markdown block for a results file: the date, then one row per figure with its target and whether it was met. */
export function benchTable(results) {
  const rows = results.figures.map(
    (f) =>
      `| ${cell(f.name)} | ${cell(`${f.value} ${f.unit}`)} | ${cell(f.target)} | ${f.met === null ? '' : f.met ? 'met' : `NO${f.gap ? ` (${cell(f.gap)})` : ''}`} |`,
  );
  return [
    START,
    '<!-- prettier-ignore-start -->',
    `Measured ${results.date.slice(0, 10)} (\`bench/results.json\`; written by \`npm run bench\`, do not edit by hand).`,
    '',
    '| figure | value | target | |',
    '|---|---|---|---|',
    ...rows,
    '<!-- prettier-ignore-end -->',
    END,
  ].join('\n');
}

/** The page with its block replaced by the table of `results`. */
export function withBenchTable(page, results) {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${PAGE} has no ${START} … ${END} block`);
  return page.slice(0, start) + benchTable(results) + page.slice(end + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = JSON.parse(readFileSync(RESULTS, 'utf8'));
  const page = readFileSync(PAGE, 'utf8');
  const next = withBenchTable(page, results);
  if (process.argv.includes('--check')) {
    if (next !== page) {
      console.error('docs/performance.md does not show bench/results.json: run node scripts/bench-table.mjs');
      process.exit(1);
    }
  } else {
    writeFileSync(PAGE, next);
    console.log('docs/performance.md: the figures of bench/results.json');
  }
}
