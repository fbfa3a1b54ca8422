import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import config from '../playwright.config';
import { openAdminSection } from './app-helpers';

/**
 * Going live, as the owner does it on a tablet against the production build: the admin's first
 * screen says the shop is a demo and lists the go-live checklist; the owner sets the shop's name
 * and address in Settings, and the footer, the contact page and the next e-mail show them; the
 * identity and password lines turn Done as each is fixed, the others say what is missing (their
 * states as the API reads them). The shop's identity and the admin's password are put back after,
 * for the specs that follow on the same server.
 */
const servers = [config.webServer ?? []].flat();
const env = servers.find((server) => server.command.includes('api/dist/main.js'))?.env ?? {};
const ADMIN = { username: env.ADMIN_USERNAME ?? 'admin', password: env.ADMIN_PASSWORD ?? '' };
const NEW_PASSWORD = 'go-live-cocoa-passphrase-2026';
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const SHOP = {
  name: `Ruth’s Mill Cocoa ${tag}`,
  street: '42 Mill Road',
  city: 'Peoria',
  region: 'IL',
  postcode: '61602',
  phone: '(309) 231-4477',
  email: 'ruth@ruthsmill.com',
};
const VISITOR = { name: 'Jane Visitor', email: `go-live-${tag}@example.com` };
const EMPTY_IDENTITY = { name: '', logo: '', street: '', city: '', region: '', postcode: '', country: 'US', phone: '', email: '', hours: '', socialLinks: [] };

test.use({ viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1, isMobile: false, hasTouch: true, serviceWorkers: 'block' });

interface OutboxItem {
  to: string;
  subject: string;
  text: string;
  template: string | null;
}

async function outboxFor(request: APIRequestContext, to: string): Promise<OutboxItem[]> {
  const res = await request.get('/api/mail/outbox?limit=100');
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as OutboxItem[] | { messages: OutboxItem[] };
  return (Array.isArray(body) ? body : body.messages).filter((m) => m.to === to);
}

async function checklistLine(page: Page, id: string) {
  const res = await page.request.get('/api/admin/go-live');
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { items: Array<{ id: string; done: boolean; missing: string }> }).items.find((item) => item.id === id)!;
}

async function signIn(page: Page, password: string) {
  await page.goto('/auth?redirect=/admin');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).tap();
  await expect(page).toHaveURL(/\/admin$/);
}

let changedPassword = false;

test.afterAll(async ({ browser }) => {
  // Put the demo shop and the configured password back: the specs after this one expect both.
  const context = await browser.newContext({ baseURL: config.use?.baseURL });
  const request = context.request;
  const origin = { Origin: String(config.use?.baseURL) };
  const login = await request.post('/api/login', {
    data: { username: ADMIN.username, password: changedPassword ? NEW_PASSWORD : ADMIN.password },
    headers: origin,
  });
  expect(login.status(), await login.text()).toBe(200);
  expect((await request.put('/api/settings/shop-identity', { data: EMPTY_IDENTITY, headers: origin })).status()).toBe(200);
  if (changedPassword) {
    const me = (await (await request.get('/api/user')).json()) as { id: number };
    const back = await request.patch(`/api/users/${me.id}/password`, { data: { currentPassword: NEW_PASSWORD, newPassword: ADMIN.password }, headers: origin });
    expect(back.status(), await back.text()).toBe(200);
  }
  await context.close();
});

test('the owner takes the shop from a demo to its own identity, and the go-live checklist follows', async ({ page, browser }) => {
  expect(ADMIN.password, 'playwright.config.ts sets ADMIN_PASSWORD for the server').not.toBe('');

  await test.step('the first screen says the shop is a demo and lists what is missing', async () => {
    await signIn(page, ADMIN.password);
    const card = page.getByRole('region', { name: 'Go-live checklist' });
    await expect(card.getByRole('heading', { name: 'Go-live checklist' })).toBeVisible();
    await expect(card.getByText('This shop is a demo until you set its name, address, phone and e-mail.')).toBeVisible();
    await expect(card.getByTestId('go-live-identity')).toContainText('To do');
    await expect(card.getByTestId('go-live-password')).toContainText('still has the password it was created with');
    await expect(card.getByTestId('go-live-secondFactor')).toContainText('Turn on two-step sign-in for "admin"');
    await expect(card.getByTestId('go-live-secondFactor').getByRole('link', { name: 'Open Security' })).toHaveAttribute('href', '/account/security');
    await expect(card.getByTestId('go-live-square')).toContainText('Square is not connected');
    await expect(card.getByTestId('go-live-mail')).toContainText('SMTP_URL is not set');
    await expect(card.getByTestId('go-live-publicUrl')).toContainText('PUBLIC_URL');
  });

  await test.step('the owner sets the shop’s name, address, phone and e-mail in Settings', async () => {
    await page.getByRole('region', { name: 'Go-live checklist' }).getByTestId('go-live-identity').getByRole('link', { name: 'Set the shop’s identity' }).tap();
    await expect(page.getByRole('tab', { name: 'Settings & Square Integration' })).toHaveAttribute('aria-selected', 'true');
    const card = page.getByRole('region', { name: 'Shop details' });
    await expect(card.getByText(/This shop is a demo/)).toBeVisible();
    await card.getByLabel('Shop name').fill(SHOP.name);
    await card.getByLabel('Address', { exact: true }).fill(SHOP.street);
    await card.getByLabel('City').fill(SHOP.city);
    await card.getByLabel('State or region').fill(SHOP.region);
    await card.getByLabel('Postcode').fill(SHOP.postcode);
    await card.getByLabel('Phone').fill(SHOP.phone);
    await card.getByLabel('E-mail').fill(SHOP.email);
    await card.getByRole('button', { name: 'Save shop details' }).tap();
    await expect(page.getByText('Shop details saved')).toBeVisible();
    await expect(card.getByText(/This shop is a demo/)).toHaveCount(0);
  });

  await test.step('the identity line is Done and the demo mark is gone', async () => {
    await openAdminSection(page, 'Summary');
    const card = page.getByRole('region', { name: 'Go-live checklist' });
    await expect(card.getByTestId('go-live-identity')).toContainText('✓ Done');
    await expect(card.getByText(/This shop is a demo/)).toHaveCount(0);
  });

  await test.step('a visitor sees the shop’s name and address in the footer and on the contact page', async () => {
    const visitor = await browser.newContext({ ...test.info().project.use, serviceWorkers: 'block' });
    const shopper = await visitor.newPage();
    // The structured data is data, not script: the page's Content-Security-Policy reports nothing.
    await shopper.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber}`));
    });
    const cspViolations = () => shopper.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    await shopper.goto('/products');
    const graph = JSON.parse((await shopper.locator('script[type="application/ld+json"]').textContent()) ?? '{}')['@graph'] as Array<Record<string, unknown>>;
    expect(graph[0]).toMatchObject({ '@type': 'FoodEstablishment', name: SHOP.name, telephone: '+13092314477' });
    expect(graph.some((node) => node['@type'] === 'Product')).toBe(true);
    expect(await cspViolations()).toEqual([]);
    await shopper.goto('/contact');
    const footer = shopper.locator('footer.site-footer');
    await expect(footer.getByRole('heading', { name: SHOP.name })).toBeVisible();
    await expect(footer.getByTestId('footer-contact')).toContainText(SHOP.street);
    await expect(footer.getByTestId('footer-contact')).toContainText('Peoria, IL 61602');
    const contact = shopper.getByRole('complementary', { name: 'Get in Touch' });
    await expect(contact.locator('address')).toContainText(SHOP.street);
    await expect(contact.getByRole('link', { name: SHOP.phone })).toHaveAttribute('href', 'tel:+13092314477');
    await expect(shopper.getByText('1200 Cocoa Lane')).toHaveCount(0);
    await expect(shopper).toHaveTitle(new RegExp(`Contact Us \\| ${SHOP.name}`));
    expect(await cspViolations()).toEqual([]);

    // The next e-mail: the visitor's acknowledgement of a contact message.
    await shopper.getByLabel('Name', { exact: true }).fill(VISITOR.name);
    await shopper.getByLabel('Email', { exact: true }).fill(VISITOR.email);
    await shopper.getByLabel('Subject', { exact: true }).fill('Opening hours');
    await shopper.getByLabel('Message', { exact: true }).fill('Are you open on Sundays?');
    await shopper.getByRole('button', { name: 'SEND MESSAGE' }).click();
    await expect(shopper.getByText('Message Sent!')).toBeVisible();
    await visitor.close();

    await expect
      .poll(async () => (await outboxFor(page.request, VISITOR.email)).find((m) => m.template === 'contact-ack')?.text ?? '', { timeout: 15_000 })
      .toContain(SHOP.name);
    const ack = (await outboxFor(page.request, VISITOR.email)).find((m) => m.template === 'contact-ack')!;
    expect(ack.text).toContain(SHOP.street);
    expect(ack.text).toContain('(309) 231-4477');
    expect(ack.text).not.toContain('1200 Cocoa Lane');
    expect(ack.text).not.toContain('555');
  });

  await test.step('the owner changes the first admin’s password and its line turns Done', async () => {
    expect((await checklistLine(page, 'password')).done).toBe(false);
    await page.goto('/account');
    await page.getByRole('tab', { name: 'Password' }).click();
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password', { exact: true }).fill(ADMIN.password);
    await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    const reloaded = page.waitForEvent('framenavigated', { timeout: 10_000 });
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password Updated')).toBeVisible();
    changedPassword = true;
    await reloaded;
    await page.goto('/admin');
    const card = page.getByRole('region', { name: 'Go-live checklist' });
    await expect(card.getByTestId('go-live-password')).toContainText('✓ Done');
  });

  await test.step('the other lines say what is missing, as the API reads them', async () => {
    expect(await checklistLine(page, 'square')).toMatchObject({ done: false, missing: expect.stringContaining('not connected') });
    expect(await checklistLine(page, 'mail')).toMatchObject({ done: false, missing: expect.stringContaining('SMTP_URL') });
    expect(await checklistLine(page, 'backups')).toMatchObject({ done: false, missing: 'The daily backup is off.' });
    expect(await checklistLine(page, 'publicUrl')).toMatchObject({ done: false });
    const turnedOn = await page.request.put('/api/database/schedule', { data: { enabled: true, keep: 7 }, headers: { Origin: String(config.use?.baseURL) } });
    expect(turnedOn.status(), await turnedOn.text()).toBe(200);
    // On, but not run yet (it runs at night).
    expect(await checklistLine(page, 'backups')).toMatchObject({ done: false, missing: 'The daily backup has not run in the last 2 days.' });
    const off = await page.request.put('/api/database/schedule', { data: { enabled: false, keep: 7 }, headers: { Origin: String(config.use?.baseURL) } });
    expect(off.status()).toBe(200);
  });
});
