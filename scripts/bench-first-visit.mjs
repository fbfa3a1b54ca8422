// A first visit on a slow phone: for each public route, the time from navigation start to the
// first product or stop name on screen. Chromium with Slow 3G (400 kbit/s each way, 400 ms
// latency, by CDP network emulation) and a 4x slower CPU, a fresh context each time (empty cache,
// no service worker): what the server's HTML paints (its first screens, api/src/static-shell.ts)
// before the app's JavaScript has arrived counts as soon as it is painted.
// Standalone: node scripts/bench-first-visit.mjs http://localhost:3000 (a running production API).
/* global document, window, requestAnimationFrame, MutationObserver, innerHeight -- the page functions run in the browser (addInitScript) */
import { fileURLToPath } from 'node:url';

// the flags of playwright.config.ts
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const SLOW_3G = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000, connectionType: 'cellular3g' };
const CPU_SLOWDOWN = 4;
const TIMEOUT_MS = 90_000;
const TARGET_MS = 2000;
/** What is looked for on each route: a product's or a stop's name. */
const NAMES = {
  product: '.product-entry__name, .product-card__name, .product-detail__info h1',
  stop: '.tracker-event h3, .upcoming-list h3',
  /** The home page's first screen on a phone is the hero: its headline is the first content on screen there. */
  headline: '.hero h1',
};

/**
 * In the page, before any of its scripts: the first name with a size is noted, in ms since
 * navigation start, at the first paint that can show it (the animation frame after it is in the
 * document, and not before the first contentful paint: the page's stylesheets hold painting back).
 */
function watchForName(selector) {
  const found = () => [...document.querySelectorAll(selector)].find((el) => el.textContent.trim() && el.getBoundingClientRect().height > 0);
  const note = (el) =>
    requestAnimationFrame(() => {
      const paint = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const settle = () => {
        if (paint() === undefined) return void setTimeout(settle, 20);
        window.__firstName = {
          ms: Math.max(performance.now(), paint()),
          inDomMs: performance.now(),
          fcpMs: paint(),
          name: el.textContent.trim(),
          inViewport: el.getBoundingClientRect().top < innerHeight,
        };
      };
      window.__firstNameFoundAt = performance.now();
      settle();
    });
  const observer = new MutationObserver(() => {
    if (window.__firstNameFoundAt !== undefined) return;
    const el = found();
    if (!el) return;
    window.__firstNameFoundAt = -1;
    observer.disconnect();
    note(el);
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

async function firstVisit(browser, devices, url, selector) {
  const context = await browser.newContext({ ...devices['Pixel 7'], serviceWorkers: 'block' });
  try {
    await context.addInitScript(watchForName, selector);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    return await (await page.waitForFunction(() => window.__firstName, null, { timeout: TIMEOUT_MS })).jsonValue();
  } finally {
    await context.close();
  }
}

/** The public routes: a product page and the seeded stops are read from the API (the seed puts stops today and on the next days). */
async function publicRoutes(base) {
  const products = await (await fetch(`${base}/api/square/catalog/products`)).json();
  if (!Array.isArray(products) || products.length === 0) throw new Error('the seeded catalogue is empty');
  const stops = await (await fetch(`${base}/api/events`)).json();
  if (!Array.isArray(stops) || stops.length === 0) throw new Error('no stops are seeded: the tracker would have nothing to show');
  return [
    // On a phone the home page's first screen is the hero (in the server's HTML); its products come
    // below it, after the app: that time is printed too, without a target (it is not on screen).
    { path: '/', selector: NAMES.headline, note: 'home: the hero headline, its first screen on a phone', what: 'first content' },
    { path: '/', selector: NAMES.product, note: 'home: the featured products, below the hero', informative: true },
    { path: '/products', selector: NAMES.product },
    { path: `/products/${products[0].slug}`, selector: NAMES.product },
    { path: '/cocoa-tracker', selector: NAMES.stop },
    { path: '/events', selector: NAMES.stop },
  ];
}

/** Median of `runs` first visits on each public route, e.g. [{ path, medianMs, runs, name, inViewport }]. */
export async function firstVisitTimes({ base, executablePath, runs = 3 }) {
  const { chromium, devices } = await import('@playwright/test');
  const routes = await publicRoutes(base);
  const browser = await chromium.launch({ executablePath, args: ARGS });
  try {
    const results = [];
    for (const route of routes) {
      const seen = [];
      for (let i = 0; i < runs; i++) seen.push(await firstVisit(browser, devices, base + route.path, route.selector));
      const times = seen.map((s) => Math.round(s.ms));
      const medianMs = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
      results.push({ ...route, medianMs, runs: times, name: seen[0].name, inViewport: seen.every((s) => s.inViewport) });
    }
    return results;
  } finally {
    await browser.close();
  }
}

/** The bench's figures: one per public route, median against the < 2 s target. */
export async function firstVisitFigures({ base, executablePath, runs, figure }) {
  for (const r of await firstVisitTimes({ base, executablePath, runs })) {
    const where = r.note ? `${r.path} (${r.note})` : r.path;
    const name = `First visit, Slow 3G + 4x CPU, to ${r.what ?? 'first product or stop name'} ${where}, median of ${r.runs.length}`;
    if (r.informative) figure(name, r.medianMs, 'ms', '(no target: below the first screen)', null);
    else figure(name, r.medianMs, 'ms', `< ${TARGET_MS}`, r.medianMs < TARGET_MS, `${r.medianMs - TARGET_MS} ms over`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const base = process.argv[2] ?? 'http://localhost:3000';
  const results = await firstVisitTimes({ base, executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', runs: Number(process.env.BENCH_RUNS ?? 3) });
  for (const r of results)
    console.log(`${r.path}: median ${r.medianMs} ms (runs ${r.runs.join(', ')}), first name "${r.name}"${r.inViewport ? '' : ' (below the first screen)'}`);
}
