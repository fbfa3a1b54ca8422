import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SquareApiDouble } from '../api/src/square/square-api.double';
import config, { SQUARE_DOUBLE_PORT, SQUARE_SHOP_PORT } from '../playwright.config';
import { chooseInSegment, openAdminSection, swipeLeft, addProductToCart } from './app-helpers';

/**
 * The back office end to end, on the shop connected to Square (its API is a local double, reached
 * through the real `square` SDK; the browser's Web Payments SDK is stood in by a script that hands
 * out Square's sandbox nonce). A guest pays on a phone → the confirmation e-mail in the outbox holds
 * the order and a link that opens it without an account → the owner, on a 1024×768 touch tablet,
 * finds the order, packs it with a swipe on its row, ships it with a tracking number → the guest's order page
 * shows the tracking link and the shipped e-mail is queued → a partial refund goes through Square's
 * Refunds API.
 */
const BASE = `http://localhost:${SQUARE_SHOP_PORT}`;
const servers = [config.webServer ?? []].flat();
const env = servers.find((server) => server.env?.PORT === String(SQUARE_SHOP_PORT))?.env ?? {};
const ADMIN = { username: env.ADMIN_USERNAME ?? 'admin', password: env.ADMIN_PASSWORD ?? '' };
const PRODUCT_SLUG = 'iced-mocha-cocoa';
const SQUARE_APP_ID = 'sandbox-sq0idb-E2eBackOffice01';
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const GUEST = { email: `guest_${tag}@example.com`, first: 'Robin', last: `Guest${tag}` };
const TRACKING = '9400111899223100012345';

/** Square's Web Payments SDK as the payment step uses it: a card that tokenizes to the sandbox nonce. */
const FAKE_SQUARE_JS = `window.Square = { payments: function () { return { card: async function () { return {
  attach: async function (el) { var t = typeof el === 'string' ? document.querySelector(el) : el; if (t) t.textContent = 'Card (Square sandbox stand-in)'; },
  tokenize: async function () { return { status: 'OK', token: 'cnon:card-nonce-ok' }; },
  destroy: async function () { return true; } }; } }; } };`;

let square: SquareApiDouble;

test.use({ baseURL: BASE, serviceWorkers: 'block' });

test.beforeAll(async () => {
  square = await new SquareApiDouble().start(SQUARE_DOUBLE_PORT);
});

test.afterAll(async () => {
  await square?.stop();
});

async function adminRequest(request: APIRequestContext) {
  const login = await request.post(`${BASE}/api/login`, { data: ADMIN, headers: { Origin: BASE } });
  expect(login.status(), await login.text()).toBe(200);
}

interface OutboxItem {
  id: number;
  to: string;
  subject: string;
  text: string;
  template: string | null;
  status: string;
}

/** The messages the shop queued for `to` (newest first), read as the owner reads them. */
async function outboxFor(request: APIRequestContext, to: string): Promise<OutboxItem[]> {
  const res = await request.get(`${BASE}/api/mail/outbox?limit=100`);
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as OutboxItem[] | { messages: OutboxItem[] };
  const messages = Array.isArray(body) ? body : body.messages;
  return messages.filter((m) => m.to === to);
}

async function payAsGuest(page: Page) {
  await page.route('https://sandbox.web.squarecdn.com/v1/square.js', (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_SQUARE_JS }));
  await addProductToCart(page, PRODUCT_SLUG);
  await page.goto('/checkout');
  const form = page.getByRole('form', { name: 'Shipping information' });
  await form.getByLabel('First name', { exact: true }).fill(GUEST.first);
  await form.getByLabel('Last name', { exact: true }).fill(GUEST.last);
  await form.getByLabel('Email', { exact: true }).fill(GUEST.email);
  await form.getByLabel('Phone', { exact: true }).fill('5035550123');
  await form.getByLabel('Address', { exact: true }).fill('12 Cocoa Lane');
  await form.getByLabel('City', { exact: true }).fill('Portland');
  await form.getByLabel('State', { exact: true }).selectOption('OR');
  await form.getByLabel('ZIP code', { exact: true }).fill('97201');
  await form.getByLabel('Country', { exact: true }).selectOption('US');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByText('Thank You!')).toBeVisible();
  return (await page.locator('.checkout-confirmation__id').innerText()).replace('Order #', '').trim();
}

test('a guest order is e-mailed, packed, shipped with tracking and partly refunded through Square', async ({ browser, request }) => {
  await adminRequest(request);
  // The card form needs the shop's Square application id, saved by the owner in Settings.
  const saved = await request.post(`${BASE}/api/settings`, { data: { key: 'SQUARE_APPLICATION_ID', value: SQUARE_APP_ID }, headers: { Origin: BASE } });
  expect(saved.ok(), await saved.text()).toBe(true);

  const phone = await browser.newContext({ ...test.info().project.use, baseURL: BASE, serviceWorkers: 'block' });
  const guest = await phone.newPage();
  const number = await test.step('a guest pays on a phone with Square (the double)', () => payAsGuest(guest));
  expect(number).toMatch(/^[0-9a-f]{8}$/);
  expect(square.calls('/v2/payments')).toHaveLength(1);

  const link = await test.step('the confirmation e-mail holds the order and a link that works without an account', async () => {
    const mails = await outboxFor(request, GUEST.email);
    const confirmation = mails.find((m) => m.template === 'order-confirmation');
    expect(confirmation, JSON.stringify(mails.map((m) => m.template))).toBeDefined();
    expect(confirmation!.subject).toContain(number);
    expect(confirmation!.text).toContain('12 Cocoa Lane');
    const url = confirmation!.text.match(/http:\/\/localhost:\d+\/orders\/[0-9a-f-]{36}\?token=[A-Za-z0-9._-]+/)?.[0];
    expect(url, confirmation!.text).toBeDefined();
    // a fresh browser, nobody signed in
    const stranger = await browser.newContext({ ...test.info().project.use, baseURL: BASE, serviceWorkers: 'block' });
    const page = await stranger.newPage();
    await page.goto(url!);
    await expect(page.getByRole('heading', { level: 1, name: `Order #${number}` })).toBeVisible();
    await expect(page.getByText('Preparing your order')).toBeVisible();
    await stranger.close();
    return url!;
  });

  const tablet = await browser.newContext({
    baseURL: BASE,
    viewport: { width: 1024, height: 768 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const owner = await tablet.newPage();
  await test.step('the owner signs in on a tablet and finds the order in the Orders tab', async () => {
    await owner.goto('/auth?redirect=/admin');
    await owner.getByLabel('Username').fill(ADMIN.username);
    await owner.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await owner.getByRole('button', { name: 'Login', exact: true }).tap();
    await expect(owner.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await openAdminSection(owner, 'Orders');
    await owner.getByRole('searchbox', { name: 'Search orders' }).fill(GUEST.email);
    await owner.getByRole('button', { name: 'Search', exact: true }).tap();
  });

  await test.step('packs it with a swipe on its row, then ships it with USPS and a tracking number', async () => {
    const row = owner.getByRole('button', { name: new RegExp(`^Open order #${number}`) });
    await expect(row).toContainText('Paid, to pack');
    await swipeLeft(row);
    await owner.locator('ion-item-option', { hasText: 'Mark packed' }).tap();
    await expect(row).toContainText('Packed');
    await row.tap();
    await expect(owner.getByRole('heading', { name: new RegExp(`Order #${number}`) })).toBeVisible();
    await expect(owner.getByRole('button', { name: 'Mark packed' })).toBeHidden();
    await owner.getByRole('button', { name: 'Mark shipped' }).tap();
    const dialog = owner.getByRole('dialog', { name: `Mark order #${number} shipped` });
    await dialog.getByLabel('Carrier').selectOption('USPS');
    await dialog.getByLabel('Tracking number').fill(TRACKING);
    await dialog.getByRole('button', { name: 'Mark shipped' }).tap();
    await expect(dialog).toBeHidden();
    await expect(owner.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
  });

  await test.step("the guest's order page shows the tracking link and the shipped e-mail is queued", async () => {
    await guest.goto(link);
    await expect(guest.getByText('Shipped', { exact: true })).toBeVisible();
    await expect(guest.getByText(TRACKING)).toBeVisible();
    await expect(guest.getByRole('link', { name: 'Track your parcel' })).toHaveAttribute('href', new RegExp(`usps\\.com.*${TRACKING}`));
    const shipped = (await outboxFor(request, GUEST.email)).find((m) => m.template === 'order-shipped');
    expect(shipped?.text).toContain(TRACKING);
  });

  await test.step('a partial refund of $5.00 goes through Square', async () => {
    await owner.getByRole('button', { name: 'Refund', exact: true }).tap();
    const dialog = owner.getByRole('dialog', { name: `Refund order #${number}` });
    await chooseInSegment(dialog, 'What to refund', 'Amount');
    await dialog.getByLabel('Amount to refund ($)').fill('5.00');
    await dialog.getByLabel('Reason (the customer sees it)').fill('A tin arrived dented');
    await dialog.getByRole('button', { name: 'Review refund' }).tap();
    const confirm = owner.getByRole('alertdialog', { name: 'Refund $5.00?' });
    await confirm
      .getByRole('button', { name: /Refund/ })
      .last()
      .tap();
    await expect(confirm).toBeHidden();
    await expect(owner.getByRole('region', { name: 'Refunds' }).getByText('$5.00')).toBeVisible();
    const refunds = square.calls('/v2/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0].body).toMatchObject({ amount_money: { amount: 500, currency: 'USD' }, payment_id: expect.any(String) });
    const refunded = (await outboxFor(request, GUEST.email)).find((m) => m.template === 'order-refunded');
    expect(refunded?.text).toContain('$5.00');
  });

  await phone.close();
  await tablet.close();
});
