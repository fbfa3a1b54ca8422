import AxeBuilder from '@axe-core/playwright';
import { shopCalendar } from './shop-clock';
import { type APIRequestContext, expect, test, type Locator, type Page } from '@playwright/test';
import config from '../playwright.config';
import { openAdminSection, tookOver } from './app-helpers';

/**
 * Accessibility of every route, admin tab and dialog, checked by axe-core against
 * the production build: WCAG 2.0/2.1 A and AA plus axe's best practices. No serious or critical
 * violation anywhere; a moderate or minor one fails too unless ALLOWED lists it below with the
 * reason, so a new one is seen at once. One test, one browser context: a visitor, then a customer
 * signed in through the API (with an order and a booking made through the API), then the owner
 * signed in through the form on a tablet's width. Motion and dialogs are checked on the way: the
 * carousel's pause control and its reduced-motion start, no second banner under the cart drawer,
 * and the modals' focus trap, Escape and focus return.
 */
const servers = [config.webServer ?? []].flat();
const BASE = String(config.use?.baseURL);
const env = servers.find((server) => BASE.endsWith(`:${server.env?.PORT}`))?.env ?? {};
const ADMIN = { username: env.ADMIN_USERNAME ?? 'admin', password: env.ADMIN_PASSWORD ?? '' };
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const CUSTOMER = { username: `a11y_${tag}`, email: `a11y_${tag}@example.com`, password: 'cocoa-a11y-pass', firstName: 'Avery' };
const PRODUCT_SLUG = 'iced-mocha-cocoa';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Moderate or minor findings that stay, by rule id and the name of the check ('*' for every check),
 * each with its reason. Serious and critical findings can never be listed here.
 */
const ALLOWED: ReadonlyArray<{ rule: string; where: string; reason: string }> = [];

const isAllowed = (rule: string, where: string) => ALLOWED.some((a) => a.rule === rule && (a.where === '*' || a.where === where));

test.use({ serviceWorkers: 'block' });

let page: Page;

/** Runs axe on the page as it is now (or only inside `within`); fails on anything not allowed. */
async function audit(name: string, within?: string) {
  // An e-mail's HTML preview (Settings, sandboxed without scripts) is the e-mail's own document, not
  // the app's; axe cannot run inside a frame without scripts either.
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS).exclude('iframe[srcdoc]');
  if (within) builder = builder.include(within);
  const { violations } = await builder.analyze();
  const problems = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || !isAllowed(v.id, name))
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(' '))
          .join('\n    ')}`,
    );
  expect.soft(problems, `axe on ${name}`).toEqual([]);
}

/** Nothing is loading any more: no spinner, skeleton block or busy region. */
async function settled() {
  await expect(page.locator('.spinner-wrap, [aria-busy="true"], [role="status"][aria-label^="Loading"]')).toHaveCount(0);
}

/**
 * Opens a route and waits for the app's page (its h1 in the app's main once the app has taken the
 * page over, nothing loading) before the audit: the server's first screen painted before the JS
 * runs is not what is audited here.
 */
async function visit(path: string, heading: string | RegExp, name = path) {
  await page.goto(path);
  await expect(tookOver(page).locator('main#main').getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await settled();
  await audit(name);
}

/** A stop's page (/stops/{id}): the first stop of the schedule from this month on, and the name its page shows. */
async function aStopPage(request: APIRequestContext): Promise<{ path: string; name: string }> {
  const stops = (await (await request.get('/api/events')).json()) as Array<{ id: number }>;
  expect(stops.length, 'the seed has stops').toBeGreaterThan(0);
  const pickup = await request.get(`/api/stops/${stops[0].id}/pickup`);
  expect(pickup.status(), await pickup.text()).toBe(200);
  return { path: `/stops/${stops[0].id}`, name: ((await pickup.json()) as { stop: { name: string } }).stop.name };
}

async function post(path: string, data: unknown) {
  const response = await page.request.post(path, { data, headers: { Origin: BASE } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

/** Escape closes the modal and focus is back on `opener`. */
async function closesOnEscape(dialog: Locator, opener: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/** Tab and Shift+Tab from the dialog's edges stay inside it. */
async function trapsFocus(dialog: Locator) {
  for (const key of ['Tab', 'Shift+Tab', 'Shift+Tab', 'Tab', 'Tab']) {
    await page.keyboard.press(key);
    expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `focus after ${key}`).toBe(true);
  }
}

test('every route, admin tab and open dialog has no accessibility violations', async ({ page: thePage }) => {
  test.setTimeout(180_000);
  page = thePage;
  await storefront();
  await adminDashboard();
});

test('the first screens the server paints before the app runs have the same landmarks and no violations', async ({ browser }) => {
  // The app's code never arrives: what a phone shows while it is still on its way (axe itself still runs).
  const context = await browser.newContext({ ...test.info().project.use, baseURL: BASE });
  await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
  page = await context.newPage();
  const stop = await aStopPage(context.request);
  for (const [path, text] of [
    ['/', 'Experience Cocoa Like Never Before'],
    ['/products', 'Our Products'],
    [`/products/${PRODUCT_SLUG}`, 'Iced Mocha Cocoa'],
    ['/cocoa-tracker', 'Live Cocoa Tracker'],
    ['/events', 'Where to find us next'],
    [stop.path, stop.name],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('main').getByText(text, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(1);
    await audit(`first screen of ${path}`);
  }
  await context.close();
});

/** The storefront signed out, then signed in as a customer with an order and a booking. */
async function storefront() {
  await test.step("home, catalogue, product, content pages, tracker, a stop's page, 404", async () => {
    await visit('/', 'Experience Cocoa Like Never Before');
    await visit('/products', 'Our Products');
    await visit(`/products/${PRODUCT_SLUG}`, 'Iced Mocha Cocoa', 'product page');
    await visit('/about', 'Our Story');
    await visit('/contact', 'Contact Us');
    await visit('/events', 'Cocoa for Your Event');
    await visit('/cocoa-tracker', 'Live Cocoa Tracker');
    const stop = await aStopPage(page.request);
    await visit(stop.path, stop.name, 'stop page');
    await visit('/privacy', /Privacy/);
    await visit('/terms', 'Terms of Service');
    await visit('/refund-policy', 'Refund and cancellation policy');
    await visit('/no-such-page', '404 Page Not Found', '404 page');
  });

  await test.step('the phone menu open, and the offline banner', async () => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'PRODUCTS' })).toBeVisible();
    await audit('phone menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    await page.context().setOffline(true);
    await expect(page.getByText('You are offline.', { exact: false })).toBeVisible();
    await audit('offline banner');
    await page.context().setOffline(false);
    await expect(page.getByText('You are offline.', { exact: false })).toBeHidden();
  });

  await test.step('the product carousel has a visible pause control and starts paused under reduced motion', async () => {
    // The suite runs asking for less motion (playwright.config.ts): this step asks for none first.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto(`/products/${PRODUCT_SLUG}`);
    const carousel = page.getByRole('region', { name: 'Iced Mocha Cocoa images' });
    await expect(carousel.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await expect(carousel.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
  });

  await test.step('the cart drawer (a modal dialog): no second banner, focus kept inside, Escape closes it', async () => {
    await page.goto(`/products/${PRODUCT_SLUG}`);
    const add = page.getByRole('button', { name: 'ADD TO CART' });
    await add.click();
    const drawer = page.getByRole('dialog', { name: 'Your Cart' });
    await expect(drawer.getByText('You have 1 item(s) in your cart.')).toBeVisible();
    await trapsFocus(drawer); // at once: focus inside also stops the drawer's auto-close
    await expect(page.getByRole('banner')).toHaveCount(1);
    await audit('cart drawer');
    await closesOnEscape(drawer, add);
  });

  await test.step('cart and checkout with an item', async () => {
    await visit('/cart', 'Shopping Cart');
    await visit('/checkout', 'Checkout');
  });

  await test.step('sign-in page, the forgot-password dialog, reset-password page', async () => {
    await visit('/auth', 'Welcome to Cocoa Shop');
    await page.getByRole('tab', { name: 'Register' }).click();
    await audit('/auth register tab');
    // The new password's strength meter, once its list has come.
    await page.getByLabel('Password', { exact: true }).fill('password');
    await expect(page.getByText('Strength: too common')).toBeVisible();
    await audit('/auth register tab with the strength meter');
    await page.getByRole('tab', { name: 'Login' }).click();
    const opener = page.getByRole('button', { name: 'Forgot your password?' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await trapsFocus(dialog);
    await audit('forgot-password dialog');
    await closesOnEscape(dialog, opener);
    await visit('/reset-password?token=not-a-real-token', 'Reset Your Password', '/reset-password');
  });

  await test.step('a signed-in customer with an order and a booking: orders, order, account, booking status', async () => {
    await post('/api/register', CUSTOMER);
    await post('/api/login', { username: CUSTOMER.username, password: CUSTOMER.password });
    const product = (await (await page.request.get(`/api/square/catalog/products/slug/${PRODUCT_SLUG}`)).json()) as { id: number; name: string; price: number };
    const subtotal = Math.round(product.price * 100);
    const tax = Math.round(subtotal * 0.07);
    const order = (await post('/api/square/checkout/complete', {
      sourceId: 'cnon:card-nonce-ok',
      amount: (subtotal + 599 + tax) / 100,
      shippingCost: 5.99,
      taxAmount: tax / 100,
      shippingData: {
        firstName: 'Avery',
        lastName: 'Shopper',
        email: CUSTOMER.email,
        phone: '5035550123',
        address: '12 Cocoa Lane',
        city: 'Portland',
        state: 'OR',
        zipCode: '97201',
        country: 'US',
      },
      cartItems: [{ productId: product.id, quantity: 1 }],
      idempotencyKey: `a11y-order-${tag}`.padEnd(16, '0'),
    })) as { orderId: string };

    const month = (await shopCalendar(page.request)).today.slice(0, 7);
    const { firstBookableDay } = (await (await page.request.get(`/api/booking/availability?month=${month}`)).json()) as { firstBookableDay: string };
    const day = new Date(`${firstBookableDay}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 40 + Math.floor(Math.random() * 60));
    const [pkg] = (await (await page.request.get('/api/booking/packages')).json()) as Array<{ id: number; minGuests: number }>;
    const booking = (await post('/api/bookings', {
      packageId: pkg.id,
      date: day.toISOString().slice(0, 10),
      startTime: '14:00',
      endTime: '16:00',
      guests: Math.max(pkg.minGuests, 20),
      venueName: 'Community Hall',
      venueAddress: '300 Elm St, Portland, OR 97201',
      contactName: 'Avery Shopper',
      contactEmail: CUSTOMER.email,
      contactPhone: '5035550123',
    })) as { reference: string; statusPath: string };

    await visit('/orders', 'Order History');
    await visit(`/orders/${order.orderId}`, /^Order #/, 'order page');
    await visit('/account', 'Account Settings');
    await visit('/account/security', 'Security');
    await visit(booking.statusPath, `Booking ${booking.reference}`, 'booking status page');
    await page.getByRole('button', { name: CUSTOMER.firstName }).click();
    await audit('user menu');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Sign in or create an account' })).toBeVisible();
    // the query cache reaches storage at most once a second: a reload before that would bring the signed-in user back
    await expect.poll(() => page.evaluate(() => Object.values(localStorage).join(' '))).not.toContain(`"username":"${CUSTOMER.username}"`);
  });
}

/** The open modal: the page behind it was audited on its own. */
const MODAL = '[aria-modal="true"]';

async function openTab(name: string) {
  await openAdminSection(page, name, 'click');
  await settled();
}

/** The owner's dashboard on a tablet's width: every tab, and the dialogs of each kind. */
async function adminDashboard() {
  expect(ADMIN.password, 'playwright.config.ts sets ADMIN_PASSWORD for the server').not.toBe('');
  // a tablet's width: the tabs, not the phone's section dropdown
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/auth?redirect=/admin');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

  const tabs = [
    'Summary',
    "We're here",
    'Orders',
    'Discounts',
    /^Inbox/,
    'Bookings',
    'Settings & Square Integration',
    'Legal pages',
    'Catalogue',
    'Image Management',
    'Location Scheduler',
    'Database Backup',
  ];
  for (const name of tabs) {
    await test.step(`tab ${name}`, async () => {
      await openAdminSection(page, name, 'click');
      await settled();
      await audit(`admin ${name}`);
    });
  }

  await test.step('discount code form dialog', async () => {
    await openTab('Discounts');
    const opener = page.getByRole('button', { name: 'Add discount' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Add a discount code' });
    await expect(dialog).toBeVisible();
    await trapsFocus(dialog);
    await audit('admin discount dialog', MODAL);
    await closesOnEscape(dialog, opener);
  });

  await test.step('product form dialog and a confirmation', async () => {
    await openTab('Catalogue');
    const opener = page.getByRole('button', { name: 'Add Product' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Create Product' });
    await expect(dialog).toBeVisible();
    await trapsFocus(dialog);
    await audit('admin product dialog', MODAL);
    await closesOnEscape(dialog, opener);

    const remove = page.getByRole('button', { name: 'Delete Classic Dark Hot Cocoa' });
    await remove.click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete product?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await audit('admin delete confirmation', MODAL);
    await closesOnEscape(confirm, remove);
  });

  await test.step('order detail and the ship dialog', async () => {
    await openTab('Orders');
    await page
      .getByRole('button', { name: /^Open order #/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: /Order #/ })).toBeVisible();
    await audit('admin order detail');
    await page.getByRole('button', { name: 'Mark packed' }).click();
    const opener = page.getByRole('button', { name: 'Mark shipped' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: /^Mark order #.* shipped$/ });
    await expect(dialog).toBeVisible();
    await audit('admin ship dialog', MODAL);
    await closesOnEscape(dialog, opener);
  });

  await test.step('booking detail and its dialogs', async () => {
    await openTab('Bookings');
    await page
      .getByRole('button', { name: /^Open booking / })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: /^Booking / })).toBeVisible();
    await audit('admin booking detail');
    for (const [button, dialogName] of [
      ['Accept', /^Accept booking /],
      ['Decline', /^Decline booking /],
    ] as const) {
      const opener = page.getByRole('button', { name: button, exact: true });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: dialogName });
      await expect(dialog).toBeVisible();
      await audit(`admin booking ${button.toLowerCase()} dialog`, MODAL);
      await closesOnEscape(dialog, opener);
    }
  });

  await test.step('location dialog', async () => {
    await openTab('Location Scheduler');
    await page.getByRole('button', { name: 'Add Location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Location' });
    await expect(dialog).toBeVisible();
    await audit('admin location dialog', MODAL);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}
