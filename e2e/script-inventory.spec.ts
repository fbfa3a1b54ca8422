import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { addProductToCart } from './app-helpers';
import { SquareApiDouble } from '../api/src/square/square-api.double';
import config, { SQUARE_DOUBLE_PORT, SQUARE_SHOP_PORT } from '../playwright.config';
import { shiftDay, shopCalendar } from './shop-clock';

/**
 * The payment pages run only the scripts docs/security.md's "Script inventory" lists: the checkout
 * and a booking's payment page, on the test-mode shop and on the shop connected to Square (its API
 * a local double; Square's Web Payments SDK stood in by a script served at Square's sandbox address,
 * as the test machine cannot reach Square). Every script the page asks for or runs (requests of
 * type script, resource timings, and inline code, which the policy refuses and reports) must come
 * from a listed origin, and the pages' script-src must allow nothing the inventory does not list.
 */
const servers = [config.webServer ?? []].flat();
const TEST_MODE_BASE = String(config.use?.baseURL);
const SQUARE_BASE = `http://localhost:${SQUARE_SHOP_PORT}`;
const envOf = (base: string) => servers.find((server) => base.endsWith(`:${server.env?.PORT}`))?.env ?? {};
const adminOf = (base: string) => ({ username: envOf(base).ADMIN_USERNAME ?? 'admin', password: envOf(base).ADMIN_PASSWORD ?? '' });
const SQUARE_APP_ID = 'sandbox-sq0idb-E2eBackOffice01';
const PRODUCT_SLUG = 'iced-mocha-cocoa';
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** Square's Web Payments SDK as the payment step uses it (e2e/back-office.spec.ts has the same stand-in). */
const FAKE_SQUARE_JS = `window.Square = { payments: function () { return { card: async function () { return {
  attach: async function (el) { var t = typeof el === 'string' ? document.querySelector(el) : el; if (t) t.textContent = 'Card (Square sandbox stand-in)'; },
  tokenize: async function () { return { status: 'OK', token: 'cnon:card-nonce-ok' }; },
  destroy: async function () { return true; } }; } }; } };`;

/** The origins the inventory lists, read from its table (the first cell of each row, in backticks). */
function inventory(): string[] {
  const doc = readFileSync(join(__dirname, '..', 'docs', 'security.md'), 'utf8');
  const section = doc.split(/^## /m).find((part) => part.startsWith('Script inventory\n'));
  if (!section) throw new Error('docs/security.md has no "## Script inventory" section');
  const origins = section
    .split('\n')
    .map((line) => /^\|\s*`([^`]+)`\s*\|/.exec(line)?.[1])
    .filter((origin): origin is string => origin !== undefined);
  if (!origins.length) throw new Error('the Script inventory lists no origin');
  return origins;
}

/** An origin as the inventory names it: the page's own is 'self'. */
const named = (url: string, pageOrigin: string) => {
  const origin = new URL(url).origin;
  return origin === pageOrigin ? "'self'" : origin;
};

/**
 * Watches what a page runs from now on: every script it requests (elements, modules, dynamic
 * imports), every script its resource timings list, and every violation of a script directive the
 * policy reports (inline code, or a script from an origin script-src refuses).
 */
async function watchScripts(page: Page) {
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') requested.push(request.url());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { scriptViolations: string[] }).scriptViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      if (event.effectiveDirective.startsWith('script-src'))
        seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return async () => {
    const inPage = await page.evaluate(() => ({
      timed: performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script' || /\.m?js(\?|$)/.test(entry.name))
        .map((entry) => entry.name),
      elements: Array.from(document.scripts, (script) => script.src).filter(Boolean),
      // Code in the page itself (not a JSON data block, which does not run).
      inline: Array.from(document.querySelectorAll('script:not([src])')).filter(
        (s) => !s.getAttribute('type') || /javascript|module/i.test(s.getAttribute('type')!),
      ).length,
      violations: (window as unknown as { scriptViolations: string[] }).scriptViolations,
    }));
    const pageOrigin = new URL(page.url()).origin;
    const urls = [...new Set([...requested, ...inPage.timed, ...inPage.elements])];
    return { urls, origins: [...new Set(urls.map((url) => named(url, pageOrigin)))].sort(), inline: inPage.inline, violations: inPage.violations };
  };
}

/** Asserts what the page ran against the inventory, and answers the origins seen. */
async function expectInInventory(page: Page, seen: () => ReturnType<Awaited<ReturnType<typeof watchScripts>>>) {
  const listed = inventory();
  const { urls, origins, inline, violations } = await seen();
  expect(urls.length, 'the page ran no script at all: nothing was watched').toBeGreaterThan(0);
  const unlisted = urls.filter((url) => !listed.includes(named(url, new URL(page.url()).origin)));
  expect(unlisted, `scripts from origins docs/security.md's Script inventory does not list (${listed.join(', ')})`).toEqual([]);
  expect(inline, 'inline scripts in the page').toBe(0);
  expect(violations, 'scripts the policy refused').toEqual([]);
  return origins;
}

/** The page's script-src, each source as the inventory names it. */
async function scriptSrcOf(page: Page): Promise<string[]> {
  const response = await page.request.get(page.url());
  const policy = response.headers()['content-security-policy'] ?? '';
  const directive = policy
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'script-src');
  expect(directive, `script-src in ${policy}`).toBeDefined();
  return directive!.slice(1);
}

async function signInAsAdmin(api: APIRequestContext, base: string) {
  const login = await api.post('/api/login', { data: adminOf(base), headers: { Origin: base } });
  expect(login.status(), await login.text()).toBe(200);
}

/** A booking accepted by the owner, its deposit due: the status page's path with the link's token. */
async function bookingToPay(base: string): Promise<string> {
  const api = await playwrightRequest.newContext({ baseURL: base });
  try {
    const { today } = await shopCalendar(api);
    const packages = (await (await api.get('/api/booking/packages')).json()) as Array<{ id: number; minGuests: number }>;
    expect(packages.length).toBeGreaterThan(0);
    // A free day some months out, away from the days the booking spec takes.
    let date: string | undefined;
    for (let months = 4 + Math.floor(Math.random() * 6); !date && months < 24; months += 1) {
      const month = shiftDay(today, months * 30).slice(0, 7);
      const availability = (await (await api.get(`/api/booking/availability?month=${month}`)).json()) as {
        firstBookableDay: string;
        unavailable: Array<{ date: string }>;
      };
      const taken = new Set(availability.unavailable.map((d) => d.date));
      const free = Array.from({ length: 28 }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`).filter(
        (day) => !taken.has(day) && day >= availability.firstBookableDay,
      );
      date = free[Math.floor(Math.random() * free.length)];
    }
    expect(date, 'a free day to book').toBeDefined();
    const created = await api.post('/api/bookings', {
      headers: { Origin: base },
      data: {
        packageId: packages[0].id,
        date,
        startTime: '14:00',
        endTime: '17:00',
        guests: packages[0].minGuests,
        venueName: 'Inventory Hall',
        venueAddress: '1 Script Lane, Portland, OR 97201',
        contactName: 'Sam Inventory',
        contactEmail: `inventory_${tag}@example.com`,
        contactPhone: '5035550123',
        notes: null,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { reference, statusPath } = (await created.json()) as { reference: string; statusPath: string };

    await signInAsAdmin(api, base);
    const list = (await (await api.get('/api/admin/bookings?state=requested')).json()) as { bookings: Array<{ id: number; reference: string }> };
    const id = list.bookings.find((b) => b.reference === reference)?.id;
    expect(id, `booking ${reference} among the requests`).toBeDefined();
    const accepted = await api.post(`/api/admin/bookings/${id}/accept`, { headers: { Origin: base }, data: {} });
    expect(accepted.status(), await accepted.text()).toBe(200);
    return statusPath;
  } finally {
    await api.dispose();
  }
}

const phone = (browser: Browser, base: string) => browser.newContext({ ...test.info().project.use, baseURL: base, serviceWorkers: 'block' });

/** Puts a product in the cart and opens the checkout's payment step. */
async function openCheckoutPayment(page: Page) {
  await addProductToCart(page, PRODUCT_SLUG);
  await page.goto('/checkout');
  const form = page.getByRole('form', { name: 'Shipping information' });
  await form.getByLabel('First name', { exact: true }).fill('Sam');
  await form.getByLabel('Last name', { exact: true }).fill('Inventory');
  await form.getByLabel('Email', { exact: true }).fill(`inventory_${tag}@example.com`);
  await form.getByLabel('Phone', { exact: true }).fill('5035550123');
  await form.getByLabel('Address', { exact: true }).fill('1 Script Lane');
  await form.getByLabel('City', { exact: true }).fill('Portland');
  await form.getByLabel('State', { exact: true }).selectOption('OR');
  await form.getByLabel('ZIP code', { exact: true }).fill('97201');
  await form.getByLabel('Country', { exact: true }).selectOption('US');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
}

/** Opens a booking's status page and its deposit's payment step. */
async function openBookingPayment(page: Page, statusPath: string) {
  await page.goto(statusPath);
  await page.getByRole('button', { name: /^Pay deposit/ }).click();
}

/** The payment step is ready: its card form attached (the Pay button is enabled then). */
const payReady = (page: Page) => expect(page.getByRole('form', { name: 'Payment' }).getByRole('button', { name: /^Pay \$/ })).toBeEnabled();

test('the test-mode shop’s checkout and booking payment page run only the shop’s own scripts', async ({ browser }) => {
  const statusPath = await bookingToPay(TEST_MODE_BASE);
  const context = await phone(browser, TEST_MODE_BASE);

  await test.step('the checkout, through to the payment step', async () => {
    const page = await context.newPage();
    const seen = await watchScripts(page);
    await openCheckoutPayment(page);
    await expect(page.getByRole('form', { name: 'Payment' }).getByText('TEST MODE', { exact: true })).toBeVisible();
    await payReady(page);
    // Test mode: the card form is the shop's own, nothing of Square's is loaded.
    expect(await expectInInventory(page, seen)).toEqual(["'self'"]);
    expect((await scriptSrcOf(page)).filter((source) => !inventory().includes(source))).toEqual([]);
    await page.close();
  });

  await test.step('a booking’s page, through to its deposit’s payment step', async () => {
    const page = await context.newPage();
    const seen = await watchScripts(page);
    await openBookingPayment(page, statusPath);
    await expect(page.getByRole('form', { name: 'Payment' }).getByText('TEST MODE', { exact: true })).toBeVisible();
    await payReady(page);
    expect(await expectInInventory(page, seen)).toEqual(["'self'"]);
    await page.close();
  });
  await context.close();
});

test.describe('with Square connected', () => {
  let square: SquareApiDouble;
  test.beforeAll(async () => {
    square = await new SquareApiDouble().start(SQUARE_DOUBLE_PORT);
  });
  test.afterAll(async () => {
    await square?.stop();
  });

  test('the checkout and booking payment page run the shop’s scripts and Square’s SDK from its listed origin only', async ({ browser }) => {
    // The card form needs the shop's Square application id, saved by the owner in Settings.
    const owner = await playwrightRequest.newContext({ baseURL: SQUARE_BASE });
    await signInAsAdmin(owner, SQUARE_BASE);
    const saved = await owner.post('/api/settings', { data: { key: 'SQUARE_APPLICATION_ID', value: SQUARE_APP_ID }, headers: { Origin: SQUARE_BASE } });
    expect(saved.ok(), await saved.text()).toBe(true);
    await owner.dispose();
    const statusPath = await bookingToPay(SQUARE_BASE);
    const context = await phone(browser, SQUARE_BASE);
    await context.route('https://sandbox.web.squarecdn.com/v1/square.js', (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_SQUARE_JS }));

    for (const [name, open] of [
      ['the checkout, through to the payment step', openCheckoutPayment],
      ['a booking’s page, through to its deposit’s payment step', (page: Page) => openBookingPayment(page, statusPath)],
    ] as const) {
      await test.step(name, async () => {
        const page = await context.newPage();
        const seen = await watchScripts(page);
        await open(page);
        await expect(page.getByText('Card (Square sandbox stand-in)')).toBeVisible();
        await payReady(page);
        expect(await expectInInventory(page, seen)).toEqual(["'self'", 'https://sandbox.web.squarecdn.com']);
        expect((await scriptSrcOf(page)).filter((source) => !inventory().includes(source))).toEqual([]);
        await page.close();
      });
    }
    await context.close();
  });
});
