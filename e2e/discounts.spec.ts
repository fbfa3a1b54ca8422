import { expect, test, type Page } from '@playwright/test';
import { openAdminSection, addProductToCart } from './app-helpers';
import { signInWithTaps, TABLET } from './live-helpers';

/**
 * Discount codes against the production build: the owner adds a code in Admin → Discounts, a buyer
 * applies it at the checkout, pays the discounted total with the test card, and the order shows the
 * discount; the owner's list counts the use.
 */
const PRODUCT_SLUG = 'iced-mocha-cocoa';
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
const CODE = `E2E-${tag}`;

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const shippingField = (page: Page, label: string) => page.getByRole('form', { name: 'Shipping information' }).getByLabel(label, { exact: true });
const codeRow = (admin: Page) => admin.getByRole('region', { name: 'Discount codes' }).getByRole('listitem').filter({ hasText: CODE });
const cardField = (page: Page, label: string) => page.getByRole('form', { name: 'Payment' }).getByLabel(label, { exact: true });

test('the owner adds a code, a buyer applies it and pays the discounted total, and the order shows the discount', async ({ browser, page, request }) => {
  const owner = await browser.newContext({ ...TABLET, serviceWorkers: 'block' });
  const admin = await owner.newPage();

  await test.step('the owner adds a $2.00 code limited to 5 uses', async () => {
    await signInWithTaps(admin, '/admin');
    await expect(admin.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await openAdminSection(admin, 'Discounts');
    await admin.getByRole('button', { name: 'Add discount' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add a discount code' });
    await dialog.getByLabel('Code').fill(CODE.toLowerCase());
    await dialog.getByLabel('An amount').check();
    await dialog.getByLabel('Amount ($)').fill('2');
    await dialog.getByLabel('Usage limit').fill('5');
    await expect(dialog.getByLabel(/One per customer/)).toBeChecked();
    await dialog.getByRole('button', { name: 'Add discount' }).click();
    await expect(dialog).toBeHidden();
    await expect(codeRow(admin)).toContainText('$2.00 off · any day · used 0 of 5');
  });

  const product = await (await request.get(`/api/square/catalog/products/slug/${PRODUCT_SLUG}`)).json();
  const subtotal = Math.round(product.price * 100);
  const total = subtotal - 200 + 599 + Math.round((subtotal - 200) * 0.07);

  await test.step('a buyer applies the code at the checkout and pays', async () => {
    const buyer = { username: `buyer_${tag.toLowerCase()}`, email: `buyer-${tag.toLowerCase()}@example.com`, password: 'cocoa-e2e-pass', firstName: 'Jamie' };
    expect((await request.post('/api/register', { data: buyer })).status()).toBe(201);
    expect((await page.request.post('/api/login', { data: { username: buyer.username, password: buyer.password } })).ok()).toBe(true);
    await addProductToCart(page, PRODUCT_SLUG);
    await page.goto('/checkout');
    await expect(shippingField(page, 'Email')).toHaveValue(`buyer-${tag.toLowerCase()}@example.com`);
    await shippingField(page, 'First name').fill('Jamie');
    await shippingField(page, 'Last name').fill('Buyer');
    await shippingField(page, 'Phone').fill('5035550123');
    await shippingField(page, 'Address').fill('12 Cocoa Lane');
    await shippingField(page, 'City').fill('Portland');
    await shippingField(page, 'State').selectOption('OR');
    await shippingField(page, 'ZIP code').fill('97201');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();

    await page.getByLabel('Discount code').fill('no-such-code');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Unknown code')).toBeVisible();
    await page.getByLabel('Discount code').fill(CODE.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Discount code ${CODE}` })).toContainText('$2.00 off');
    await expect(page.getByTestId('checkout-discount')).toHaveText('-$2.00');
    await expect(page.getByTestId('checkout-total')).toHaveText(money(total));

    await expect(page.getByRole('form', { name: 'Payment' }).getByText('TEST MODE', { exact: true })).toBeVisible();
    await cardField(page, 'Card holder').fill('Jamie Buyer');
    await cardField(page, 'Card number').fill('4111 1111 1111 1111');
    await cardField(page, 'Expiry (MM/YY)').fill('12/30');
    await cardField(page, 'CVC').fill('123');
    await page.getByRole('button', { name: `Pay ${money(total)}` }).click();
    await expect(page.getByText('Payment Successful')).toBeVisible();
  });

  await test.step('the order shows the discount, and the owner sees the use', async () => {
    await page.goto('/order-confirmation');
    await expect(page.getByText(`Discount (${CODE})`)).toBeVisible();
    await expect(page.getByTestId('order-discount')).toHaveText('−$2.00');
    await expect(page.getByTestId('confirmation-total')).toHaveText(money(total));
    await admin.reload();
    await expect(codeRow(admin)).toContainText('used 1 of 5');
  });
  await owner.close();
});
