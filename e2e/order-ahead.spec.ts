import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminRequest, BASE, signInWithTaps, tablet } from './live-helpers';
import { newPushBrowser, pushesTo, readPushPayload, readVapid, standInForPushManager, subscribeCalls } from './push-helpers';
import { shopCalendar } from './shop-clock';

/**
 * Ordering ahead at the cart, from both sides: a phone orders two drinks with options for the
 * next free time at a stop serving now, with a 15 % tip, and pays with the test card, then asks to
 * be told when it is ready; the owner's tablet (1024x768, touch) shows the order on the Live tab
 * and marks it ready; the phone's open order page reads "Ready", the customer's e-mail is sent,
 * and the phone's push service receives one Web Push for the order: sent to the endpoint the
 * phone subscribed with, signed by the shop (VAPID), kept a while for a phone that is offline
 * (TTL), encrypted for that phone alone (RFC 8291), saying the order is ready and linking to its
 * page, never carrying the pickup code. Headless Chromium has no push service to subscribe with:
 * PushManager hands out a subscription on a local push service double (e2e/push-helpers.ts), and
 * the rest is the app's own: the button, the shop's key, the subscription sent to the API, and
 * the API's delivery over HTTPS through its guarded outbound fetch.
 */

const DRINKS = [
  {
    name: 'Cup of Hot Cocoa',
    price: 4.5,
    options: [
      {
        name: 'Size',
        min: 1,
        max: 1,
        choices: [
          { name: 'Regular', price: 0 },
          { name: 'Large', price: 0.75 },
        ],
      },
    ],
  },
  {
    name: 'Iced Mocha Cup',
    price: 5.25,
    options: [
      {
        name: 'Toppings',
        min: 0,
        max: 2,
        choices: [
          { name: 'Whipped cream', price: 0.6 },
          { name: 'Sprinkles', price: 0.25 },
        ],
      },
    ],
  },
];
const EMAIL = 'walker.pickup@example.com';

/** 'HH:MM' of `at` on the shop's clock, `minutes` later, on a quarter hour. */
function wallClock(at: Date, timeZone: string, minutes: number): string {
  const quarter = 15 * 60_000;
  const moved = new Date(Math.floor((at.getTime() + minutes * 60_000) / quarter) * quarter);
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(moved);
}

/** The cups on the cart's menu, and a stop of the shop's today serving from now for three hours that takes orders. */
async function cartServingNow(
  request: APIRequestContext,
  drinks: ReadonlyArray<{ name: string; price: number }> = DRINKS,
): Promise<{ stopId: number; place: string }> {
  await adminRequest(request);
  const headers = { Origin: BASE };
  for (const drink of drinks) {
    const res = await request.post('/api/products', { headers, data: { ...drink, soldAtCart: true } });
    expect(res.status(), await res.text()).toBe(201);
  }
  const { today, timeZone } = await shopCalendar(request);
  const now = new Date();
  const place = 'Order Ahead Plaza';
  const created = await request.post('/api/events', {
    headers,
    data: {
      title: 'Order ahead e2e stop',
      location: place,
      address: '5 Plaza Way, Springfield, IL',
      date: `${today}T18:00:00.000Z`,
      // From the last quarter hour to three hours on: past midnight it runs into the next day.
      startTime: wallClock(now, timeZone, 0),
      endTime: wallClock(now, timeZone, 180),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const stopId = ((await created.json()) as { id: number }).id;
  const on = await request.put(`/api/stops/${stopId}/orders-ahead`, { headers, data: { takesOrders: true } });
  expect(on.status(), await on.text()).toBe(200);
  return { stopId, place };
}

/** Pays `amount` with the test card that succeeds, in the shop's test mode. */
async function payWithTestCard(page: Page, holder: string, amount: string): Promise<void> {
  const card = page.getByRole('form', { name: 'Payment' });
  await expect(card.getByText('TEST MODE', { exact: true })).toBeVisible();
  await card.getByLabel('Card holder', { exact: true }).fill(holder);
  await card.getByLabel('Card number', { exact: true }).fill('4111111111111111');
  await card.getByLabel('Expiry (MM/YY)', { exact: true }).fill('12/30');
  await card.getByLabel('CVC', { exact: true }).fill('123');
  await card.getByRole('button', { name: `Pay ${amount}` }).click();
}

test('a phone orders ahead with a tip; the owner’s tablet gets it and marks it ready; the phone reads Ready and gets a Web Push', async ({
  page,
  context,
  browser,
  request,
}) => {
  const { stopId, place } = await cartServingNow(request);
  const phonePush = newPushBrowser();
  await context.grantPermissions(['notifications'], { origin: BASE });
  await standInForPushManager(page, phonePush);
  const owner = await tablet(browser);
  const tabletPage = await owner.newPage();

  await test.step('the owner has the Live tab open on the tablet', async () => {
    await signInWithTaps(tabletPage, '/admin?tab=live');
    await expect(tabletPage.getByRole('heading', { level: 2, name: 'Pickup orders' })).toBeVisible();
  });

  let code = '';
  await test.step('the phone orders two drinks with options for the next free time, tips 15 % and pays with the test card', async () => {
    await page.goto(`/stops/${stopId}`);
    await expect(page.getByRole('heading', { level: 1, name: place })).toBeVisible();
    const choose = async (drink: string, choices: string[]) => {
      await page.getByRole('button', { name: `Add ${drink}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Choose your ${drink}` });
      for (const choice of choices) await dialog.getByLabel(new RegExp(`^${choice}`)).check();
      await dialog.getByRole('button', { name: 'Add to order' }).click();
      await expect(dialog).toBeHidden();
    };
    await choose('Cup of Hot Cocoa', ['Large']);
    await choose('Iced Mocha Cup', ['Whipped cream']);
    const times = page.getByRole('radio');
    await expect(times.first()).toBeChecked();
    await page.getByLabel('Your name').fill('Walker');
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByRole('button', { name: /^15%/ }).click();
    // $5.25 + $5.85 = $11.10 of drinks: 7 % tax $0.78, a 15 % tip $1.67, $13.55 in all.
    await expect(page.getByRole('complementary', { name: 'Your order' }).getByText('Cup of Hot Cocoa (Large)')).toBeVisible();
    await expect(page.getByTestId('pickup-tip')).toHaveText('$1.67');
    await expect(page.getByTestId('pickup-total')).toHaveText('$13.55');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await payWithTestCard(page, 'Walker', '$13.55');
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\?token=/);
    const shown = page.getByRole('img', { name: /^Pickup code / });
    await expect(shown).toBeVisible();
    code = ((await shown.getAttribute('aria-label')) ?? '').replace('Pickup code', '').replace(/\s+/g, '');
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}$/);
    await expect(page.getByRole('status').filter({ hasText: 'Accepted' })).toBeVisible();
  });

  await test.step('the phone asks to be told when the order is ready: it subscribes with the shop’s key and the shop is told', async () => {
    await page.getByRole('button', { name: "Tell me when it's ready" }).click();
    await expect(page.getByRole('status').filter({ hasText: 'We will tell you here when your order is ready' })).toBeVisible();
    const { publicKey } = (await (await request.get('/api/push/public-key')).json()) as { publicKey: string };
    expect(await subscribeCalls(page)).toEqual([{ userVisibleOnly: true, applicationServerKey: publicKey }]);
  });

  await test.step('the tablet shows the new order, and the owner marks it ready with a tap', async () => {
    const order = tabletPage.getByRole('listitem').filter({ has: tabletPage.getByText(code, { exact: true }) });
    await expect(order).toBeVisible();
    await expect(tabletPage.getByText(`New order ${code} for`)).toBeVisible();
    await expect(order.getByText('Walker')).toBeVisible();
    await expect(order.getByText('Cup of Hot Cocoa (Large)')).toBeVisible();
    await expect(order.getByText('Iced Mocha Cup (Whipped cream)')).toBeVisible();
    await order.getByRole('button', { name: 'Mark ready' }).tap();
    await expect(order.getByRole('button', { name: 'Picked up' })).toBeVisible();
  });

  await test.step('the phone’s open order page reads Ready, and the e-mail went to the customer', async () => {
    await expect(page.getByRole('status').filter({ hasText: 'Ready' })).toBeVisible();
    await adminRequest(request);
    const mails = (await (await request.get('/api/mail/outbox?limit=100')).json()) as Array<{ to: string; template: string | null; text: string }>;
    const ready = mails.filter((m) => m.to === EMAIL && m.template === 'pickup-ready');
    expect(ready).toHaveLength(1);
    expect(ready[0].text).toContain(code);
  });

  await test.step('the phone’s push service got one message for the order: signed by the shop, readable by the phone only, without the code', async () => {
    const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await expect.poll(async () => (await pushesTo(phonePush)).length).toBeGreaterThan(0);
    const [message] = await pushesTo(phonePush);
    expect(message.method).toBe('POST');
    expect(message.status).toBe(201);
    expect(message.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(message.headers.ttl)).toBeGreaterThan(0);
    const { publicKey } = (await (await request.get('/api/push/public-key')).json()) as { publicKey: string };
    const vapid = readVapid(message.headers.authorization);
    expect(vapid).toMatchObject({ publicKey, header: { alg: 'ES256' }, claims: { aud: new URL(phonePush.subscription.endpoint).origin }, signed: true });
    expect(vapid.claims.sub).toMatch(/^(mailto:|https:)/);
    // RFC 8292: a token expires within 24 hours.
    expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(vapid.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    const payload = readPushPayload(message, phonePush);
    expect(payload).toMatchObject({ title: 'Your order is ready', url: `/orders/${orderId}` });
    // Still one a moment after it came: the move and its push are made once.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, message.at + 1_500 - Date.now())));
    expect(await pushesTo(phonePush)).toHaveLength(1);
    // The code is for the order page, behind the order's own link: a notification shows on a locked phone.
    expect(JSON.stringify(payload)).not.toContain(code);
  });
  await owner.close();
});

test('a buyer at the stop applies the owner’s discount code: off the drinks before tax, the tip on the drinks’ whole price; the order shows it', async ({
  page,
  request,
}) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
  const code = `CART-${tag}`;
  const drink = `Discounted Cocoa ${tag}`;
  const { stopId, place } = await cartServingNow(request, [{ name: drink, price: 4 }]);

  await test.step('the owner adds a $1.00 code', async () => {
    const res = await request.post('/api/admin/discounts', { headers: { Origin: BASE }, data: { code, kind: 'amount', value: 1 } });
    expect(res.status(), await res.text()).toBe(201);
  });

  await test.step('the buyer orders two cups with a 20 % tip, applies the code and pays the discounted total', async () => {
    await page.goto(`/stops/${stopId}`);
    await expect(page.getByRole('heading', { level: 1, name: place })).toBeVisible();
    await page.getByRole('button', { name: `Add ${drink}`, exact: true }).click();
    await page.getByRole('button', { name: `Increase quantity of ${drink}` }).click();
    await page.getByLabel('Your name').fill('Dana');
    await page.getByLabel('E-mail').fill(`dana-${tag.toLowerCase()}@example.com`);
    await page.getByRole('button', { name: '20% ($1.60)' }).click();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByLabel('Discount code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Discount code ${code}` })).toContainText('$1.00 off');
    // $8.00 - $1.00 = $7.00: 7 % tax $0.49, the tip 20 % of $8.00 = $1.60, $9.09 in all.
    await expect(page.getByTestId('pickup-discount')).toHaveText('-$1.00');
    await expect(page.getByTestId('pickup-tax')).toHaveText('$0.49');
    await expect(page.getByTestId('pickup-tip')).toHaveText('$1.60');
    await expect(page.getByTestId('pickup-total')).toHaveText('$9.09');
    await payWithTestCard(page, 'Dana', '$9.09');
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\?token=/);
  });

  await test.step('the order page shows the discount with its code, and the total charged', async () => {
    await expect(page.getByText(`Discount (${code})`)).toBeVisible();
    await expect(page.getByTestId('order-discount')).toHaveText('−$1.00');
    await expect(page.getByTestId('order-page-total')).toHaveText('$9.09');
  });
});
