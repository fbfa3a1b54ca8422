import { expect, test, type Page } from '@playwright/test';
import { painted, tookOver } from './app-helpers';

const cartCount = (page: Page) => page.getByTestId('cart-count');

/** Holds the app's start-up chunk back, as a slow phone is still fetching it; the answer lets it through. */
async function holdStartUp(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/start-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function waitForServiceWorkerControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // clientsClaim: the first install takes over the open page.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
}

test('a newcomer browses, filters, adds to the cart, and keeps catalogue and cart offline', async ({ page, context, request }) => {
  const product = await (await request.get('/api/square/catalog/products/slug/iced-mocha-cocoa')).json();
  expect(product.name).toBe('Iced Mocha Cocoa');
  // Nothing the shop runs breaks its own Content-Security-Policy (zod's eval probe did, on every page).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber}`));
  });
  const cspViolations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  await test.step('browse from the home page to the catalogue', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Experience Cocoa Like Never Before' })).toBeVisible();
    // Once the app has taken the painted page over: a tap while React hydrates it is this test's
    // business only where it says so (the early-input tests below).
    await tookOver(page).getByRole('link', { name: 'SHOP ONLINE' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Classic Dark Hot Cocoa/ })).toBeVisible();
    // list view grouped by category
    await expect(page.getByRole('heading', { level: 2, name: 'Hot Cocoa' })).toBeVisible();
    expect(await cspViolations()).toEqual([]);
  });

  await test.step('filter by category with the phone dropdown', async () => {
    await page.getByLabel('Select Category').selectOption({ label: 'Iced Cocoa' });
    await expect(page).toHaveURL(/\/products\?category=iced-cocoa$/);
    await expect(page.getByRole('link', { name: /Iced Mocha Cocoa/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Classic Dark Hot Cocoa/ })).toHaveCount(0);
  });

  await test.step('open the product and add two to the cart', async () => {
    await page.getByRole('link', { name: /Iced Mocha Cocoa/ }).click();
    await expect(page).toHaveURL(/\/products\/iced-mocha-cocoa$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Iced Mocha Cocoa' })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Iced Cocoa' })).toHaveAttribute('href', '/products?category=iced-cocoa');
    await expect(page.getByRole('button', { name: 'Main' })).toBeVisible();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your Cart' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('You have 2 item(s) in your cart.')).toBeVisible();
    await expect(drawer.getByText('Iced Mocha Cocoa')).toBeVisible();
    await expect(cartCount(page)).toHaveText('2');
    // closes by itself after 4 s
    await expect(drawer).toBeHidden({ timeout: 8_000 });
  });

  await test.step('a reload keeps the cart', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Iced Mocha Cocoa' })).toBeVisible();
    await expect(cartCount(page)).toHaveText('2');
  });

  await test.step('the cart page shows the lines and totals with flat shipping', async () => {
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
    const subtotal = Math.round(product.price * 100) * 2;
    const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    await expect(page.getByTestId('line-total')).toHaveText(money(subtotal));
    await expect(page.getByTestId('summary-subtotal')).toHaveText(money(subtotal));
    await expect(page.getByTestId('summary-shipping')).toHaveText('$5.99');
    await expect(page.getByTestId('summary-total')).toHaveText(money(subtotal + 599));
    await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
  });

  await test.step('with the network cut, a reload of /products still shows the catalogue and the cart', async () => {
    await page.goto('/products');
    await waitForServiceWorkerControl(page);
    // one controlled visit so the service worker has the catalogue calls too
    await page.reload();
    await expect(page.getByRole('link', { name: /Classic Dark Hot Cocoa/ })).toBeVisible();
    await page.waitForTimeout(1_500); // the query cache is written to storage at most once a second
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Classic Dark Hot Cocoa/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Iced Mocha Cocoa/ })).toBeVisible();
    await expect(page.getByText('You are offline.', { exact: false })).toBeVisible();
    await expect(cartCount(page)).toHaveText('2');
    await page.getByRole('button', { name: /^CART \d+ item\(s\), open the cart$/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Your Cart' });
    await expect(drawer.getByText('Iced Mocha Cocoa')).toBeVisible();
    await expect(drawer.getByTestId('line-quantity')).toHaveText('2');
    // offline, every navigation gets the one shell (index.html): the header bar and an empty main,
    // so a deep link never flashes another page; the app then renders the page
    const offlineShell = async (path: string) => (await (await page.goto(path))?.text()) ?? '';
    for (const path of ['/cocoa-tracker', '/']) {
      const shell = await offlineShell(path);
      expect(shell).toContain('<header class="boot__bar">Cocoa Shop</header><main class="boot__main"></main>');
      expect(shell).not.toContain('data-server-rendered');
      expect(shell).not.toContain('Experience Cocoa Like Never Before');
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Experience Cocoa Like Never Before' })).toBeVisible();
    // the app-shell fallback never answers for /uploads or /api
    const shellForUploads = await page
      .goto('/uploads/products/missing.png')
      .then((response) => response?.headers()['content-type'] ?? '')
      .catch(() => 'network error');
    expect(shellForUploads).not.toContain('text/html');
    await context.setOffline(false);
  });
});

test('landing straight on /: the hero, the featured products and what customers say come with the page, and the app takes over without asking for them', async ({
  page,
}) => {
  const homeCalls: string[] = [];
  page.on('request', (request) => {
    if (['/api/products/featured', '/api/categories', '/api/square/testimonials/featured'].includes(new URL(request.url()).pathname))
      homeCalls.push(request.url());
  });
  const response = await page.goto('/');
  // painted from the HTML before any JS runs, by the app's own home page
  const html = await response!.text();
  expect(html).toContain('<h1>Experience Cocoa Like Never Before</h1>');
  expect(html).toContain('Classic Dark Hot Cocoa');
  expect(html).toContain('Sarah M.');
  // then the app's own page, with working links
  const app = tookOver(page);
  await expect(app.getByRole('heading', { level: 1, name: 'Experience Cocoa Like Never Before' })).toBeVisible();
  await expect(app.getByRole('link', { name: 'Classic Dark Hot Cocoa', exact: true })).toBeVisible();
  await expect(app.getByText('Sarah M.')).toBeVisible();
  expect(homeCalls).toEqual([]);
  await app.getByRole('link', { name: 'SHOP ONLINE' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('landing straight on /products: the catalogue comes with the page, and the app takes over without calling the catalogue API', async ({ page }) => {
  const catalogueCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/square/catalog')) catalogueCalls.push(request.url());
  });
  const response = await page.goto('/products?category=hot-cocoa');
  // painted from the HTML before any JS runs
  expect(await response!.text()).toContain('Classic Dark Hot Cocoa');
  // then the app's own page, with working controls
  await expect(tookOver(page).getByRole('link', { name: /Classic Dark Hot Cocoa/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Iced Mocha Cocoa/ })).toHaveCount(0);
  await page.getByLabel('Select Category').selectOption({ label: 'All Products' });
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Iced Cocoa' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Iced Mocha Cocoa/ })).toBeVisible();
  expect(catalogueCalls).toEqual([]);
});

test.describe('landing straight on /cocoa-tracker', () => {
  // A visitor in the shop's zone (the server paints the shop's today; the seeded shop is in Chicago).
  test.use({ timezoneId: 'America/Chicago' });

  test("today's stops come with the page, and the app takes over without calling /api/events", async ({ page }) => {
    const stopCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/events') stopCalls.push(request.url());
    });
    const response = await page.goto('/cocoa-tracker');
    // painted from the HTML before any JS runs: today's first stop, its place and times
    const html = await response!.text();
    const first =
      /<ul class="tracker-day__list"><li class="card tracker-event"><h3>([^<]+)<\/h3><p class="tracker-event__where">([^<]+)<\/p>(?:<p>[^<]*<\/p>)?<p class="muted tracker-event__time">([^<]+)<\/p>/.exec(
        html,
      );
    expect(first, "the first stop of today in the server's HTML").not.toBeNull();
    const [, name, place, times] = first!;
    // then the app's own page shows the same stop, with working controls
    const app = tookOver(page);
    await expect(app.getByRole('heading', { level: 3, name })).toBeVisible();
    await expect(app.locator('.tracker-event').first()).toContainText(place);
    await expect(app.locator('.tracker-event').first()).toContainText(times);
    expect(stopCalls).toEqual([]);
    await app.getByRole('button', { name: 'Next month' }).click();
    await expect.poll(() => stopCalls.length).toBeGreaterThan(0);
  });

  test('a tap on the painted calendar before the app has taken over is made once it has', async ({ page }) => {
    // The app's start-up chunk held back, as on a slow phone, until the visitor has tapped.
    const release = await holdStartUp(page);
    await page.goto('/cocoa-tracker');
    const shown = await painted(page).getByRole('grid').getAttribute('aria-label');
    expect(shown).toMatch(/^[A-Z][a-z]+ \d{4}$/);
    await painted(page).getByRole('button', { name: 'Next month' }).click();
    await expect(tookOver(page)).toHaveCount(0);
    release();
    const calendar = tookOver(page).getByRole('grid');
    await expect(calendar).toBeVisible();
    await expect(calendar).not.toHaveAttribute('aria-label', shown!);
    // exactly one month on: one back is the month that was painted
    await tookOver(page).getByRole('button', { name: 'Previous month' }).click();
    await expect(calendar).toHaveAttribute('aria-label', shown!);
  });
});

test('on a slow phone the painted product page scrolls, and where it was scrolled to and a double tap on ADD TO CART made before the app has taken over carry over: one in the cart', async ({
  page,
}) => {
  // The app's start-up chunk held back until the visitor has scrolled and tapped.
  const release = await holdStartUp(page);
  await page.goto('/products/classic-dark-hot-cocoa');
  const add = painted(page).getByRole('button', { name: 'ADD TO CART' });
  // Below the first screen of a phone: the painted page has to scroll to it.
  await add.click();
  await add.click();
  const scrolledTo = await painted(page)
    .locator('.app-scroll')
    .evaluate((box) => box.scrollTop);
  expect(scrolledTo).toBeGreaterThan(0);
  await expect(tookOver(page)).toHaveCount(0);
  release();
  await expect(cartCount(page)).toHaveText('1');
  const scroller = tookOver(page).locator('.app-scroll');
  expect(Math.abs((await scroller.evaluate((box) => box.scrollTop)) - scrolledTo)).toBeLessThanOrEqual(2);
});

test('a category chosen in the painted phone drop-down before the app has taken over is applied once it has', async ({ page }) => {
  // The app's start-up chunk held back until the visitor has chosen.
  const release = await holdStartUp(page);
  await page.goto('/products');
  await painted(page).getByLabel('Select Category').selectOption({ label: 'Iced Cocoa' });
  await expect(tookOver(page)).toHaveCount(0);
  release();
  await expect(page).toHaveURL(/\/products\?category=iced-cocoa$/);
  await expect(tookOver(page).getByRole('link', { name: /Iced Mocha Cocoa/ })).toBeVisible();
  await expect(tookOver(page).getByRole('link', { name: /Classic Dark Hot Cocoa/ })).toHaveCount(0);
});

test('unknown paths answer HTTP 404 and show the 404 page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('a startup path override opens the app on that page until it is cleared', async ({ page }) => {
  await page.goto('/?startPath=/cocoa-tracker');
  await expect(page).toHaveURL(/\/cocoa-tracker$/);
  // as a person would: the tracker is on screen before the app is opened again
  await expect(page.getByRole('heading', { level: 1, name: /Tracker/i })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cocoa.startupPath'))).toBe('/cocoa-tracker');
  await page.goto('/');
  await expect(page).toHaveURL(/\/cocoa-tracker$/);
  await page.goto('/products');
  await expect(page).toHaveURL(/\/products$/);
  await page.goto('/?startPath=');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Experience Cocoa Like Never Before' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('guards send visitors to /auth with a redirect, and away from /admin', async ({ page }) => {
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Forders$/);
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Faccount$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Experience Cocoa Like Never Before' })).toBeVisible();
});

test('signing in as the admin follows the redirect and opens the admin page', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/auth?redirect=/admin');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('admin-e2e-pass');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Login successful')).toBeVisible();
  // the user menu shows the admin's name and the Admin Panel link; logout clears the user
  await page.getByRole('button', { name: /^admin$/i }).click();
  await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('You have been logged out')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign in or create an account' })).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
});

test('the contact form checks its fields before sending', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.locator('#faq')).toBeAttached();
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByRole('button', { name: 'SEND MESSAGE' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Subject is required')).toBeVisible();
  await expect(page.getByText('Message is required')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Jane');
  await page.getByLabel('Email', { exact: true }).fill('jane@example.com');
  await page.getByLabel('Subject', { exact: true }).fill('Wedding');
  await page.getByLabel('Message', { exact: true }).fill('Cocoa bar for 80 guests in June?');
  await page.getByRole('button', { name: 'SEND MESSAGE' }).click();
  await expect(page.getByText('Message Sent!')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
});

test('the web app manifest makes the shop installable', async ({ request, page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await request.get(href ?? '')).json();
  expect(manifest).toMatchObject({
    name: expect.any(String),
    short_name: 'Cocoa Shop',
    display: 'standalone',
    start_url: '/',
    scope: '/',
    theme_color: '#4a2c1d',
  });
  const icons = manifest.icons as Array<{ src: string; sizes: string; purpose?: string }>;
  expect(icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of icons) expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png');
});
