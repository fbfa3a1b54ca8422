import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import config from '../playwright.config';
import { tookOver } from './app-helpers';

/**
 * Two-step sign-in (docs/security.md) on the production build: the owner turns it on from the
 * Security page, reading the key the page shows and computing the app's code here with the same
 * library the server checks it with; signs out; signs in with the password and then a code; reaches
 * the admin; and turns it off again, so the owner's later sign-ins in the suite take the password
 * alone. axe checks the Security page with the section off, while setting up, and with the
 * recovery codes shown.
 */
const servers = [config.webServer ?? []].flat();
const BASE = String(config.use?.baseURL);
const env = servers.find((server) => BASE.endsWith(`:${server.env?.PORT}`))?.env ?? {};
const ADMIN = { username: env.ADMIN_USERNAME ?? 'admin', password: env.ADMIN_PASSWORD ?? '' };
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** What the test learnt while the factor was on: what the clean-up signs in with if the test stops half-way. */
const enrolled: { secret?: string; recoveryCodes: string[] } = { recoveryCodes: [] };

/** The app's code `steps` 30-second steps from now, as a phone computes it from the key. */
const codeOf = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: Date.now() + steps * 30_000 });

async function audit(page: Page, name: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(
    violations.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    `axe on ${name}`,
  ).toEqual([]);
}

async function signInWithPassword(page: Page, target: string) {
  await page.goto(`/auth?redirect=${encodeURIComponent(target)}`);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).tap();
}

test.afterAll(async ({ playwright }) => {
  // Only when the test stopped with the factor on: off again, so the suite's other sign-ins work.
  if (!enrolled.secret) return;
  const api = await playwright.request.newContext({ baseURL: BASE, extraHTTPHeaders: { Origin: BASE } });
  const login = await api.post('/api/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  if (login.status() !== 200) {
    const code = enrolled.recoveryCodes[enrolled.recoveryCodes.length - 1] ?? codeOf(enrolled.secret, 1);
    expect((await api.post('/api/login/second-factor', { data: { code } })).status()).toBe(200);
  }
  expect((await api.delete('/api/auth/second-factor')).status()).toBe(200);
  await api.dispose();
});

test('the owner turns on two-step sign-in, then signs in with the password and a code from the app', async ({ page }) => {
  expect(ADMIN.password, 'playwright.config.ts sets ADMIN_PASSWORD for the server').not.toBe('');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });

  await test.step('signs in with the password and opens the Security page', async () => {
    await signInWithPassword(page, '/account/security');
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(tookOver(page).getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
    await expect(section.getByText('Off.')).toBeVisible();
    await audit(page, 'the Security page, two-step sign-in off');
  });

  await test.step('sets up the app from the key shown as text, and keeps the recovery codes', async () => {
    await section.getByRole('button', { name: 'Set up two-step sign-in' }).tap();
    await expect(section.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    const key = (await section.locator('code').first().innerText()).replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await audit(page, 'the Security page, setting up');
    await section.getByLabel('Code').fill(codeOf(key));
    await section.getByRole('button', { name: 'Turn on' }).tap();
    const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    enrolled.secret = key;
    enrolled.recoveryCodes = await codes.allInnerTexts();
    await expect(section.getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'cocoa-shop-recovery-codes.txt');
    await audit(page, 'the Security page, recovery codes shown');
    await section.getByRole('button', { name: 'I have saved them' }).tap();
    await expect(section.getByText('10 recovery codes left.')).toBeVisible();
  });

  await test.step('signs out; the password alone does not sign in any more', async () => {
    await page.getByRole('button', { name: new RegExp(`^${ADMIN.username}$`, 'i') }).tap();
    await page.getByRole('button', { name: 'Logout' }).tap();
    await expect(page.getByRole('link', { name: 'Sign in or create an account' })).toBeVisible();
    await signInWithPassword(page, '/admin');
    await expect(page.getByRole('form', { name: 'Two-step sign-in' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
    expect((await page.request.get('/api/admin/orders')).status()).toBe(401);
  });

  await test.step('a code from the app completes the sign-in and the admin opens', async () => {
    // The step after the one used to turn it on: a code is taken once.
    await page.getByLabel('Code').fill(codeOf(enrolled.secret!, 1));
    await page.getByRole('button', { name: 'Sign in' }).tap();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  });

  await test.step('turns it off again (signing in just now counts as the fresh check it asks for)', async () => {
    await page.goto('/account/security');
    await section.getByRole('button', { name: 'Turn off' }).tap();
    await page.getByRole('alertdialog', { name: 'Turn off two-step sign-in?' }).getByRole('button', { name: 'Turn off' }).tap();
    await expect(section.getByText('Off.')).toBeVisible();
    enrolled.secret = undefined;
  });
});
