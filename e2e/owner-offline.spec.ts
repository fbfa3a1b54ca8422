import { expect, type Page, test } from '@playwright/test';
import { openAdminSection } from './app-helpers';
import { adminRequest, BASE, checkOutIfLive, openAdminWithTodaysStops, openTracker, TABLET, tablet, todaysStop } from './live-helpers';

/**
 * The owner's tablet at the truck: with the signal gone, the owner
 * marks an order shipped with its tracking number and checks in at today's stop (the stops came
 * along when the admin opened: We're here was never opened with signal); the admin says
 * 'offline: 2 changes waiting'. When the signal returns the changes are replayed in order: a
 * visitor's open tracker shows 'Serving now', and the order is shipped once, with its tracking
 * number and one e-mail to the customer.
 */
const GUEST_EMAIL = `offline-owner-${Date.now()}@example.com`;
const TRACKING = '9400111899223197428490';

interface OutboxItem {
  to: string;
  template: string | null;
  text: string;
}

/** We're here, today's stop chosen by its title, and the check-in tapped. */
async function checkInAt(owner: Page, title: string) {
  await openAdminSection(owner, "We're here");
  await expect(owner.getByRole('heading', { name: "You're not checked in" })).toBeVisible();
  await owner
    .getByRole('radio', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .first()
    .check();
  await owner.getByRole('button', { name: "We're here" }).tap();
}

test.afterAll(async ({ request }) => {
  await adminRequest(request);
  await checkOutIfLive(request);
});

test('the owner marks an order shipped and checks in without signal; both are made once when it returns', async ({ browser, request }) => {
  // A guest's paid order (test mode), placed before the owner signs in on this request context.
  const products = (await (await request.get('/api/square/catalog/products')).json()) as Array<{ id: number; price: number; inStock: boolean }>;
  const product = products.find((p) => p.inStock) ?? products[0];
  const subtotal = Math.round(product.price * 100);
  const tax = Math.round(subtotal * 0.07);
  const placed = await request.post('/api/square/checkout/complete', {
    headers: { Origin: BASE },
    data: {
      sourceId: 'cnon:card-nonce-ok',
      amount: (subtotal + 599 + tax) / 100,
      shippingCost: 5.99,
      taxAmount: tax / 100,
      shippingData: {
        firstName: 'Robin',
        lastName: 'Offline',
        email: GUEST_EMAIL,
        phone: '5035550123',
        address: '12 Cocoa Lane',
        city: 'Portland',
        state: 'OR',
        zipCode: '97201',
        country: 'US',
      },
      cartItems: [{ productId: product.id, quantity: 1 }],
      idempotencyKey: `owner-offline-${Date.now()}`,
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const { orderId } = (await placed.json()) as { orderId: string };

  await adminRequest(request);
  await checkOutIfLive(request);
  const stop = await todaysStop(request);
  const place = stop.location ?? stop.title;
  const order = (await (await request.get(`/api/admin/orders/${orderId}`)).json()) as { number: number | string };

  const visitorContext = await browser.newContext({ ...test.info().project.use, baseURL: BASE, serviceWorkers: 'allow' });
  const visitor = await visitorContext.newPage();
  await openTracker(visitor);
  const banner = visitor.locator('.live-banner [role="status"]');

  const ownerContext = await tablet(browser);
  const owner = await ownerContext.newPage();
  await test.step('with signal: the owner opens the admin on its summary, then the order', async () => {
    // We're here is not opened while there is signal: the admin takes today's stops along as it opens.
    await openAdminWithTodaysStops(owner);
    await openAdminSection(owner, 'Orders');
    await owner.getByRole('searchbox', { name: 'Search orders' }).fill(GUEST_EMAIL);
    await owner.getByRole('button', { name: 'Search', exact: true }).tap();
    await owner.getByRole('button', { name: new RegExp(`^Open order #${order.number}`) }).tap();
    await expect(owner.getByRole('heading', { name: new RegExp(`Order #${order.number}`) })).toBeVisible();
  });

  await test.step('the signal goes: the shipment waits on the tablet', async () => {
    await ownerContext.setOffline(true);
    await owner.getByRole('button', { name: 'Mark shipped' }).tap();
    const dialog = owner.getByRole('dialog', { name: `Mark order #${order.number} shipped` });
    await dialog.getByLabel('Carrier').selectOption('USPS');
    await dialog.getByLabel('Tracking number').fill(TRACKING);
    await dialog.getByRole('button', { name: 'Mark shipped' }).tap();
    await expect(dialog).toBeHidden();
    await expect(owner.getByText('offline: 1 change waiting')).toBeVisible();
    await expect(owner.getByRole('region', { name: 'Changes saved on this tablet' }).getByText(`Order #${order.number}: Shipped (${TRACKING})`)).toBeVisible();
  });

  await test.step("and the check-in at today's stop, opened for the first time without signal, waits behind it", async () => {
    await checkInAt(owner, stop.title);
    await expect(owner.getByText('offline: 2 changes waiting')).toBeVisible();
    await expect(owner.getByRole('region', { name: 'Changes saved on this tablet' }).getByText(`Check in at ${place}`)).toBeVisible();
    // Nothing reached the server.
    await expect(banner).toBeEmpty();
    const stored = (await (await request.get(`/api/admin/orders/${orderId}`)).json()) as { fulfilmentStatus: string };
    expect(stored.fulfilmentStatus).toBe('paid');
  });

  await test.step("the signal returns: the visitor's tracker shows 'Serving now', the list empties", async () => {
    await ownerContext.setOffline(false);
    await expect(banner.getByText(`Serving now at ${place}`)).toBeVisible({ timeout: 15_000 });
    await expect(owner.getByRole('region', { name: 'Changes saved on this tablet' })).toBeHidden();
    await expect(owner.getByText(/changes? waiting/)).toBeHidden();
  });

  await test.step('the order is shipped once, with its tracking number and one e-mail', async () => {
    const detail = (await (await request.get(`/api/admin/orders/${orderId}`)).json()) as {
      fulfilmentStatus: string;
      shipment: { carrier: string; trackingNumber: string };
      timeline: Array<{ type: string; to: string | null }>;
    };
    expect(detail.fulfilmentStatus).toBe('shipped');
    expect(detail.shipment).toMatchObject({ carrier: 'USPS', trackingNumber: TRACKING });
    expect(detail.timeline.filter((e) => e.type === 'fulfilment' && e.to === 'shipped')).toHaveLength(1);
    const res = await request.get('/api/mail/outbox?limit=100');
    const body = (await res.json()) as OutboxItem[] | { messages: OutboxItem[] };
    const mails = (Array.isArray(body) ? body : body.messages).filter((m) => m.to === GUEST_EMAIL && m.template === 'order-shipped');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(TRACKING);
  });

  await ownerContext.close();
  await visitorContext.close();
});

test('the tablet restarted without signal opens the admin from the device and checks in at today’s stop', async ({ browser, request }) => {
  await adminRequest(request);
  await checkOutIfLive(request);
  const stop = await todaysStop(request);
  const place = stop.location ?? stop.title;
  const startedAt = new Date().toISOString();
  // As installed on the tablet: the service worker holds the app's code.
  const ownerContext = await browser.newContext({ ...TABLET, serviceWorkers: 'allow' });
  let owner = await ownerContext.newPage();

  await test.step('with signal: the owner signs in and the admin opens on its summary', async () => {
    await openAdminWithTodaysStops(owner);
    await expect.poll(() => owner.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
  });

  await test.step('the signal goes and the app is closed and opened again: the admin opens, today’s stop is there', async () => {
    await ownerContext.setOffline(true);
    await owner.close();
    owner = await ownerContext.newPage();
    await owner.goto('/admin');
    // Served by the service worker: the server cannot be reached.
    expect(
      await owner.evaluate(() =>
        fetch('/api/ready', { cache: 'no-store' }).then(
          () => 'reached',
          () => 'unreachable',
        ),
      ),
    ).toBe('unreachable');
    await checkInAt(owner, stop.title);
    await expect(owner.getByText('offline: 1 change waiting')).toBeVisible();
  });

  await test.step('the signal returns: the check-in is made, once', async () => {
    await ownerContext.setOffline(false);
    const live = async () => (await (await request.get('/api/live')).json()) as { live: boolean; place: { label: string } | null };
    await expect.poll(async () => (await live()).live, { timeout: 15_000 }).toBe(true);
    expect((await live()).place?.label).toBe(place);
    await expect(owner.getByText(/changes? waiting/)).toBeHidden();
    const history = (await (await request.get('/api/admin/live/history')).json()) as Array<{ type: string; at: string }>;
    expect(history.filter((entry) => entry.type === 'check-in' && entry.at >= startedAt)).toHaveLength(1);
  });
  await ownerContext.close();
});
