import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { addProductToCart } from './app-helpers';

/**
 * The wallets in test mode (docs/decisions.md "Wallets"): a phone pays a shipping order with the
 * "Pay with test wallet" button, leaving every card field empty, and the order is placed and shown.
 */
const PRODUCT_SLUG = 'iced-mocha-cocoa';
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

test.use({ serviceWorkers: 'block' });

test('a phone pays a shipping order with the test wallet, no card fields filled, and the order shows', async ({ page }) => {
  // A signed-in buyer, so the order history shows the order afterwards.
  const buyer = { username: `wallet_${tag}`, email: `wallet_${tag}@example.com`, password: 'cocoa-e2e-pass', firstName: 'Wren' };
  const registered = await page.request.post('/api/register', { data: buyer });
  expect(registered.status(), await registered.text()).toBe(201);
  const login = await page.request.post('/api/login', { data: { username: buyer.username, password: buyer.password } });
  expect(login.ok()).toBe(true);

  await addProductToCart(page, PRODUCT_SLUG);

  await page.goto('/checkout');
  const shipping = page.getByRole('form', { name: 'Shipping information' });
  await shipping.getByLabel('First name', { exact: true }).fill('Wren');
  await shipping.getByLabel('Last name', { exact: true }).fill('Wallet');
  await expect(shipping.getByLabel('Email', { exact: true })).toHaveValue(buyer.email);
  await shipping.getByLabel('Phone', { exact: true }).fill('5035550123');
  await shipping.getByLabel('Address', { exact: true }).fill('3 Wallet Way');
  await shipping.getByLabel('City', { exact: true }).fill('Portland');
  await shipping.getByLabel('State', { exact: true }).selectOption('OR');
  await shipping.getByLabel('ZIP code', { exact: true }).fill('97201');
  await shipping.getByLabel('Country', { exact: true }).selectOption('US');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  const payment = page.getByRole('form', { name: 'Payment' });
  const wallet = payment.getByRole('button', { name: 'Pay with test wallet' });
  await expect(wallet).toBeEnabled();
  await expect(payment.getByLabel('Card number', { exact: true })).toHaveValue('');
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .include('form[aria-label="Payment"]')
    .analyze();
  expect(violations.map((v) => `${v.impact} ${v.id}: ${v.help}`)).toEqual([]);

  // Reached from the keyboard like every other control.
  await wallet.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Payment Successful')).toBeVisible();
  await expect(page.getByText('Your order has been placed!')).toBeVisible();
  const shortId = ((await page.getByText(/^Order #[0-9a-f]{8}$/).textContent()) ?? '').replace('Order #', '');
  expect(shortId).toHaveLength(8);

  await page.getByRole('link', { name: 'View Order History' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const card = page.getByRole('article', { name: `Order #${shortId}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('COMPLETED')).toBeVisible();
});
