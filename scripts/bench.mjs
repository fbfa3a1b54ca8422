// `npm run bench`: builds the production app, then prints the figures we hold ourselves to and
// writes them to bench/results.json. Lighthouse scores move a few points between runs on a
// shared machine, so each page is audited RUNS times and the median is reported.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.BENCH_PORT ?? 4390);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES = ['/', '/products'];
const results = { date: new Date().toISOString(), figures: [] };

function figure(name, value, unit, target, met) {
  results.figures.push({ name, value, unit, target, met });
}

function build() {
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** The JS a first visit downloads before the app can render: entry scripts + module preloads. */
function initialJsGzipKb() {
  const dist = join(root, 'pwa/dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const refs = new Set();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) refs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) refs.add(m[1]);
  let bytes = 0;
  for (const ref of refs) bytes += gzipSync(readFileSync(join(dist, ref.replace(/^\//, '')))).length;
  return Math.round((bytes / 1024) * 10) / 10;
}

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cocoa-bench-'));
  const server = spawn(process.execPath, [join(root, 'api/dist/main.js')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-admin-pass', LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://localhost:${PORT}/api/ready`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  return { stop: () => { server.kill('SIGTERM'); rmSync(dataDir, { recursive: true, force: true }); } };
}

async function lighthouseScores(path) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    try {
      const result = await lighthouse(`http://localhost:${PORT}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const c = result.lhr.categories;
      runs.push({ performance: c.performance.score, accessibility: c.accessibility.score, 'best-practices': c['best-practices'].score, seo: c.seo.score });
    } finally {
      await chrome.kill();
    }
  }
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return Object.fromEntries(Object.keys(runs[0]).map((k) => [k, Math.round(median(runs.map((r) => r[k] ?? 0)) * 100)]));
}

if (!process.argv.includes('--no-build')) build();
const js = initialJsGzipKb();
figure('PWA initial-route JS (gzip)', js, 'KB', '<= 200', js <= 200);

if (existsSync(CHROMIUM)) {
  const server = await startServer();
  try {
    for (const path of PAGES) {
      const scores = await lighthouseScores(path);
      for (const [category, score] of Object.entries(scores)) figure(`Lighthouse mobile ${category} ${path}`, score, '/100', '>= 90', score >= 90);
    }
  } finally {
    server.stop();
  }
} else {
  console.log(`Chromium not found at ${CHROMIUM}: Lighthouse figures not measured.`);
}

mkdirSync(join(root, 'bench'), { recursive: true });
writeFileSync(join(root, 'bench/results.json'), JSON.stringify(results, null, 2) + '\n');
console.log('\n| figure | value | target | met |\n|---|---|---|---|');
for (const f of results.figures) console.log(`| ${f.name} | ${f.value} ${f.unit} | ${f.target} | ${f.met ? 'yes' : 'NO'} |`);
console.log('\nWritten to bench/results.json');
