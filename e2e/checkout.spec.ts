import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addProductToCart } from './app-helpers';

/**
 * Checkout in test mode (Square not connected) against the production build: a guest invited to
 * log in, a paid order that reaches the order history with the server's total, and a declined card
 * that creates nothing.
 */
const PRODUCT_SLUG = 'iced-mocha-cocoa';
const PASSWORD = 'cocoa-e2e-pass';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function freshUser() {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return { username: `buyer_${tag}`, email: `buyer_${tag}@example.com`, password: PASSWORD, firstName: 'Jamie' };
}

async function register(request: APIRequestContext, user: ReturnType<typeof freshUser>) {
  const response = await request.post('/api/register', { data: user });
  expect(response.status(), await response.text()).toBe(201);
}

/** What the server must charge for `quantity` of the product: subtotal + 5.99 + 7 % tax. */
async function expectedTotalCents(request: APIRequestContext, quantity: number) {
  const product = await (await request.get(`/api/square/catalog/products/slug/${PRODUCT_SLUG}`)).json();
  const subtotal = Math.round(product.price * 100) * quantity;
  return { name: product.name as string, total: subtotal + 599 + Math.round(subtotal * 0.07) };
}

const shippingForm = (page: Page) => page.getByRole('form', { name: 'Shipping information' });
const shippingField = (page: Page, label: string) => shippingForm(page).getByLabel(label, { exact: true });
const cardField = (page: Page, label: string) => page.getByRole('form', { name: 'Payment' }).getByLabel(label, { exact: true });

async function fillShipping(page: Page) {
  await shippingField(page, 'First name').fill('Jamie');
  await shippingField(page, 'Last name').fill('Buyer');
  await shippingField(page, 'Phone').fill('5035550123');
  await shippingField(page, 'Address').fill('12 Cocoa Lane');
  await shippingField(page, 'City').fill('Portland');
  await shippingField(page, 'State').selectOption('OR');
  await shippingField(page, 'ZIP code').fill('97201');
  await shippingField(page, 'Country').selectOption('US');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
}

async function fillCard(page: Page, number: string) {
  await expect(page.getByRole('form', { name: 'Payment' }).getByText('TEST MODE', { exact: true })).toBeVisible();
  await cardField(page, 'Card holder').fill('Jamie Buyer');
  await cardField(page, 'Card number').fill(number);
  await cardField(page, 'Expiry (MM/YY)').fill('12/30');
  await cardField(page, 'CVC').fill('123');
}

test('a guest logs in from the checkout banner, pays with the test card, and finds the order in /orders', async ({ page, request }) => {
  const user = freshUser();
  await register(request, user);
  const expected = await expectedTotalCents(request, 1);

  await test.step('a guest adds a product and opens the checkout', async () => {
    await addProductToCart(page, PRODUCT_SLUG);
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Checkout progress' })).toContainText('Shipping');
    await expect(page.getByRole('note', { name: 'Checking out as a guest' })).toBeVisible();
    await expect(page.getByTestId('checkout-total')).toHaveText(money(expected.total));
  });

  await test.step('logs in through the banner and comes back to the checkout', async () => {
    const banner = page.getByRole('note', { name: 'Checking out as a guest' });
    await expect(banner.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/auth?redirect=/checkout');
    await banner.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/auth\?redirect=\/checkout$/);
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('note', { name: 'Checking out as a guest' })).toHaveCount(0);
    // pre-filled from the profile
    await expect(shippingField(page, 'Email')).toHaveValue(user.email);
    await expect(shippingField(page, 'First name')).toHaveValue('Jamie');
  });

  let shortId = '';
  await test.step('shipping, then the test card 4111 1111 1111 1111', async () => {
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByText('Last name is required')).toBeVisible();
    await fillShipping(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
    await fillCard(page, '4111 1111 1111 1111');
    await page.getByRole('button', { name: `Pay ${money(expected.total)}` }).click();
    await expect(page.getByText('Payment Successful')).toBeVisible();
    await expect(page.getByText('Your order has been placed!')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /Thank You!/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await expect(page.getByTestId('cart-count')).toHaveText('0');
    shortId = ((await page.getByText(/^Order #[0-9a-f]{8}$/).textContent()) ?? '').replace('Order #', '');
    expect(shortId).toHaveLength(8);
  });

  await test.step('the order is in /orders with the total the server computed', async () => {
    const orders = await (await page.request.get('/api/me/orders')).json();
    expect(orders).toHaveLength(1);
    expect(orders[0].id.slice(0, 8)).toBe(shortId);
    expect(orders[0].totalMoney.amount).toBe(expected.total);
    expect(orders[0].lineItems[0].name).toBe(expected.name);

    await page.getByRole('link', { name: 'View Order History' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    const card = page.getByRole('article', { name: `Order #${shortId}` });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('order-total')).toHaveText(money(expected.total));
    await expect(card.getByText('COMPLETED')).toBeVisible();
    await card.getByText(/^Items \(1\)$/).click();
    await expect(card.getByText(expected.name)).toBeVisible();
    await card.getByText('Shipping details').click();
    await expect(card.getByText(/12 Cocoa Lane/)).toBeVisible();
  });

  await test.step('the order confirmation page shows the order of this tab', async () => {
    await page.goto('/order-confirmation');
    await expect(page.getByText(`Order #${shortId}`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /Thank You!/ })).toContainText('TEST MODE');
    await expect(page.getByTestId('confirmation-total')).toHaveText(money(expected.total));
    // read once: a reload has nothing to show
    await page.reload();
    await expect(page.getByText('No order information found. Please check your orders history.')).toBeVisible();
  });
});

test('a declined card shows Payment Failed and creates no order; the retry, even double-clicked, makes one', async ({ page, request }) => {
  const user = freshUser();
  await register(request, user);
  const expected = await expectedTotalCents(request, 1);
  const login = await page.request.post('/api/login', { data: { username: user.username, password: user.password } });
  expect(login.ok()).toBe(true);
  const myOrders = async () => (await (await page.request.get('/api/me/orders')).json()) as Array<{ id: string; totalMoney: { amount: number } }>;

  await addProductToCart(page, PRODUCT_SLUG);
  await page.goto('/checkout');
  await expect(shippingField(page, 'Email')).toHaveValue(user.email);
  await fillShipping(page);
  await fillCard(page, '4000 0000 0000 0002');
  const pay = page.getByRole('button', { name: `Pay ${money(expected.total)}` });
  await pay.click();
  await expect(page.getByText('Payment Failed')).toBeVisible();
  await expect(page.getByText('Card declined').first()).toBeVisible();
  // still on the payment step, nothing stored
  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeVisible();
  expect(await myOrders()).toEqual([]);

  await cardField(page, 'Card number').fill('4111 1111 1111 1111');
  await pay.dblclick();
  await expect(page.getByText('Payment Successful')).toBeVisible();
  const orders = await myOrders();
  expect(orders).toHaveLength(1);
  expect(orders[0].totalMoney.amount).toBe(expected.total);

  await page.goto('/orders');
  await expect(page.getByRole('article')).toHaveCount(1);
});

test('an empty cart at /checkout goes to /products', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/products$/);
});

test('account settings: the profile saves and pre-fills the checkout; a wrong current password is refused, the right one changes it', async ({
  page,
  request,
}) => {
  const user = freshUser();
  await register(request, user);
  await page.goto('/auth?redirect=/account');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);

  const profile = page.getByRole('form', { name: 'Profile' });
  await expect(profile.getByLabel('Email', { exact: true })).toHaveValue(user.email);
  await profile.getByLabel('Last name', { exact: true }).fill('Profiled');
  await profile.getByLabel('City', { exact: true }).fill('Boise');
  await profile.getByLabel('State', { exact: true }).selectOption('ID');
  const profileReloaded = page.waitForEvent('framenavigated', { timeout: 10_000 });
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  // the page reloads after the update (wait for it: the typed values are on the page before it,
  // and a tab chosen before the reload is lost to it); the saved values come back from the server
  await profileReloaded;
  await expect(page.getByRole('form', { name: 'Profile' }).getByLabel('Last name', { exact: true })).toHaveValue('Profiled');
  await expect(page.getByRole('form', { name: 'Profile' }).getByLabel('State', { exact: true })).toHaveValue('ID');

  await page.getByRole('tab', { name: 'Password' }).click();
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password', { exact: true }).fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await form.getByLabel('Confirm new password', { exact: true }).fill('brand-new-pass');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(form.getByText('Incorrect password')).toBeVisible();
  await expect(page.getByText('The current password you entered is incorrect. Please verify and try again.')).toBeVisible();

  await form.getByLabel('Current password', { exact: true }).fill(user.password);
  const reloaded = page.waitForEvent('framenavigated', { timeout: 10_000 });
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password Updated')).toBeVisible();
  await expect(form.getByLabel('New password', { exact: true })).toHaveValue('');
  await reloaded; // 1.5 s later
  const relogin = await request.post('/api/login', { data: { username: user.username, password: 'brand-new-pass' } });
  expect(relogin.ok()).toBe(true);

  // the checkout is pre-filled from the saved profile
  await addProductToCart(page, PRODUCT_SLUG);
  await page.goto('/checkout');
  await expect(shippingField(page, 'Last name')).toHaveValue('Profiled');
  await expect(shippingField(page, 'City')).toHaveValue('Boise');
  await expect(shippingField(page, 'State')).toHaveValue('ID');
});
