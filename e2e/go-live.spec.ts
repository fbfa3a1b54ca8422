import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import config, { SQUARE_SHOP_PORT } from '../playwright.config';
import { openAdminSection } from './app-helpers';

/**
 * Going live, as the owner does it on a tablet against the production build: the admin's first
 * screen says the shop is a demo and lists the go-live checklist; the owner sets the shop's name
 * and address in Settings, and the footer, the contact page and the next e-mail show them; the
 * identity and password lines turn Done as each is fixed, the others say what is missing (their
 * states as the API reads them). Then every line the owner fixes in the admin (the legal pages, the
 * daily backup, two-step sign-in) is followed from its link to where it is fixed, fixed there, and
 * turns Done; the lines that depend on the server's configuration name the setting. On the second
 * server, connected to Square in sandbox mode and to a mail server, the test e-mail is sent, read in
 * the outbox, its link followed, and the mail line turns Done. The shop's identity, the admin's
 * password, the daily backup and two-step sign-in are put back after, for the specs that follow on
 * the same server.
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
const SQUARE_SHOP = servers.find((server) => server.env?.PORT === String(SQUARE_SHOP_PORT))?.env ?? {};
const SQUARE_BASE = `http://localhost:${SQUARE_SHOP_PORT}`;

/** The authenticator app's code `steps` 30-second steps from now, as a phone computes it from the key. */
const codeOf = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: Date.now() + steps * 30_000 });

test.use({ viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1, isMobile: false, hasTouch: true, serviceWorkers: 'block' });

interface OutboxItem {
  to: string;
  subject: string;
  text: string;
  template: string | null;
  status: string;
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

/** A line of the go-live checklist on the admin's first screen, showing what is missing and its link. */
async function missingLine(page: Page, id: string, missing: string | RegExp, link?: { name: string; href: string }): Promise<Locator> {
  const line = page.getByRole('region', { name: 'Go-live checklist' }).getByTestId(`go-live-${id}`);
  await expect(line).toContainText('To do');
  await expect(line).toContainText(missing);
  if (link) await expect(line.getByRole('link', { name: link.name })).toHaveAttribute('href', link.href);
  else await expect(line.getByRole('link')).toHaveCount(0);
  return line;
}

async function expectDone(page: Page, id: string) {
  await expect(page.getByRole('region', { name: 'Go-live checklist' }).getByTestId(`go-live-${id}`)).toContainText('✓ Done');
}

let changedPassword = false;
let backupsTurnedOn = false;
/** The key of the authenticator app while two-step sign-in is on: what the clean-up signs in with if the test stops half-way. */
let secondFactorKey: string | undefined;

test.afterAll(async ({ browser }) => {
  // Put the demo shop, the daily backup off, the password alone and the configured password back:
  // the specs after this one expect them.
  const context = await browser.newContext({ baseURL: config.use?.baseURL });
  const request = context.request;
  const origin = { Origin: String(config.use?.baseURL) };
  const login = await request.post('/api/login', {
    data: { username: ADMIN.username, password: changedPassword ? NEW_PASSWORD : ADMIN.password },
    headers: origin,
  });
  if (secondFactorKey) {
    if (login.status() !== 200) {
      const code = await request.post('/api/login/second-factor', { data: { code: codeOf(secondFactorKey, 1) }, headers: origin });
      expect(code.status(), await code.text()).toBe(200);
    }
    const off = await request.delete('/api/auth/second-factor', { headers: origin });
    expect(off.status(), await off.text()).toBe(200);
  } else expect(login.status(), await login.text()).toBe(200);
  if (backupsTurnedOn) expect((await request.put('/api/database/schedule', { data: { enabled: false, keep: 7 }, headers: origin })).status()).toBe(200);
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
  });
});

test('each line the owner fixes in the admin leads to where it is fixed and turns Done; the others name the setting', async ({ page }) => {
  // Four lines, each followed to its tab or page and back to the first screen.
  test.setTimeout(180_000);
  await signIn(page, changedPassword ? NEW_PASSWORD : ADMIN.password);

  await test.step('the legal pages: reviewed in the Legal pages tab', async () => {
    const line = await missingLine(page, 'legal', 'Read the privacy, terms and refund pages', { name: 'Open the legal pages', href: '/admin?tab=legal' });
    await line.getByRole('link', { name: 'Open the legal pages' }).tap();
    await expect(page.getByRole('tab', { name: 'Legal pages' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('These pages have not been marked as reviewed.')).toBeVisible();
    await page.getByRole('button', { name: 'Mark as reviewed' }).tap();
    await expect(page.getByText('The go-live checklist counts the legal pages as done.')).toBeVisible();
    await expect(page.getByText(/You marked these pages as reviewed on/)).toBeVisible();
    await openAdminSection(page, 'Summary');
    await expectDone(page, 'legal');
  });

  await test.step('the daily backup: turned on in Database Backup, which takes the first at once', async () => {
    const line = await missingLine(page, 'backups', 'The daily backup is off.', { name: 'Open Database Backup', href: '/admin?tab=database' });
    await line.getByRole('link', { name: 'Open Database Backup' }).tap();
    await expect(page.getByRole('tab', { name: 'Database Backup' })).toHaveAttribute('aria-selected', 'true');
    const card = page.getByRole('region', { name: 'Daily backup' });
    await expect(card.getByText('No daily backup has been taken yet.')).toBeVisible();
    await card.getByLabel('Take a backup every night').check();
    await card.getByRole('button', { name: 'Save daily backup' }).tap();
    backupsTurnedOn = true;
    await expect(card.getByText(/Last daily backup:/)).toBeVisible();
    // The backups list shows it at once.
    await expect(
      page
        .getByRole('list', { name: 'Backups' })
        .getByRole('listitem')
        .filter({ hasText: /^scheduled-backup-/ }),
    ).toHaveCount(1);
    await openAdminSection(page, 'Summary');
    await expectDone(page, 'backups');
  });

  await test.step('two-step sign-in: turned on in Account → Security with a code from the app', async () => {
    const line = await missingLine(page, 'secondFactor', 'Turn on two-step sign-in for "admin"', { name: 'Open Security', href: '/account/security' });
    await line.getByRole('link', { name: 'Open Security' }).tap();
    await expect(page).toHaveURL(/\/account\/security$/);
    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await section.getByRole('button', { name: 'Set up two-step sign-in' }).tap();
    const key = (await section.locator('code').first().innerText()).replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await section.getByLabel('Code').fill(codeOf(key));
    await section.getByRole('button', { name: 'Turn on' }).tap();
    await expect(section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    secondFactorKey = key;
    await section.getByRole('button', { name: 'I have saved them' }).tap();
    await page.goto('/admin');
    await expectDone(page, 'secondFactor');
    // The rest of the suite signs in with the password alone: off again, and the line is back.
    await page.goto('/account/security');
    await section.getByRole('button', { name: 'Turn off' }).tap();
    await page.getByRole('alertdialog', { name: 'Turn off two-step sign-in?' }).getByRole('button', { name: 'Turn off' }).tap();
    await expect(section.getByText('Off.')).toBeVisible();
    secondFactorKey = undefined;
    await page.goto('/admin');
    await missingLine(page, 'secondFactor', 'Turn on two-step sign-in for "admin"', { name: 'Open Security', href: '/account/security' });
  });

  await test.step('Square, outgoing e-mail and the public address name the server’s setting', async () => {
    const square = await missingLine(
      page,
      'square',
      /Square is not connected: .*SQUARE_ACCESS_TOKEN and SQUARE_MODE=production in the server’s configuration/,
      {
        name: 'Open Square settings',
        href: '/admin?tab=settings',
      },
    );
    const mail = await missingLine(page, 'mail', 'SMTP_URL is not set in the server’s configuration', {
      name: 'Open outgoing mail',
      href: '/admin?tab=settings#outgoing-mail-title',
    });
    await missingLine(page, 'publicUrl', 'PUBLIC_URL is not set in the server’s configuration');
    // Without SMTP_URL no test e-mail leaves: the owner is told which setting is missing.
    await mail.getByRole('button', { name: 'Send a test e-mail' }).tap();
    await expect(page.getByText(/set SMTP_URL in the server’s configuration first/)).toBeVisible();
    await mail.getByRole('link', { name: 'Open outgoing mail' }).tap();
    await expect(page.getByRole('region', { name: 'Outgoing e-mail' })).toBeVisible();
    await openAdminSection(page, 'Summary');
    await square.getByRole('link', { name: 'Open Square settings' }).tap();
    await expect(page.getByRole('tab', { name: 'Settings & Square Integration' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: 'Square Connection' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Square Configuration' })).toBeVisible();
  });
});

test('on the shop connected to Square and to a mail server, the test e-mail arrives and its link ticks the mail line', async ({ browser }) => {
  const context = await browser.newContext({ ...test.info().project.use, baseURL: SQUARE_BASE, serviceWorkers: 'block' });
  const page = await context.newPage();
  const contactTo = SQUARE_SHOP.CONTACT_TO ?? 'hello@cocoa.local';
  await signIn(page, SQUARE_SHOP.ADMIN_PASSWORD ?? '');

  await test.step('Square in sandbox mode and the http address say what is missing and name the setting', async () => {
    await missingLine(page, 'square', /Square is connected in sandbox mode: .*SQUARE_MODE=production with a production SQUARE_ACCESS_TOKEN/, {
      name: 'Open Square settings',
      href: '/admin?tab=settings',
    });
    await missingLine(page, 'publicUrl', `PUBLIC_URL in the server’s configuration is ${SQUARE_BASE}, not an https:// address.`);
  });

  await test.step('the owner sends the test e-mail; the mail server takes it', async () => {
    const line = await missingLine(page, 'mail', `Send a test e-mail and follow its link from ${contactTo}.`, {
      name: 'Open outgoing mail',
      href: '/admin?tab=settings#outgoing-mail-title',
    });
    await line.getByRole('button', { name: 'Send a test e-mail' }).tap();
    await expect(page.getByText(`Open it at ${contactTo} and follow its link.`)).toBeVisible();
  });

  await test.step('the link in the e-mail, opened from the mailbox, ticks the mail line', async () => {
    const sent = async () => (await outboxFor(page.request, contactTo)).find((m) => m.template === 'mail-test' && m.status === 'sent');
    await expect.poll(async () => Boolean(await sent()), { timeout: 15_000 }).toBe(true);
    const link = /http:\/\/localhost:\d+\/api\/admin\/go-live\/mail-confirmed\?token=\S+/.exec((await sent())!.text)?.[0];
    expect(link, 'the test e-mail holds its link').toBeTruthy();
    await page.goto(link!);
    await expect(page).toHaveURL(/\/admin\?mail-test=confirmed$/);
    await expectDone(page, 'mail');
  });
  await context.close();
});
