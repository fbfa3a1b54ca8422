import { expect, test, type Page } from '@playwright/test';
import { shiftDay, shopCalendar } from './shop-clock';
import sharp from 'sharp';
import config from '../playwright.config';
import { openAdminSection } from './app-helpers';

/**
 * The owner on a tablet (1024 × 768, touch) runs the admin tasks end to end against the
 * production build: sign in, create a product with an uploaded image and see it in the shop,
 * replace that image from the Images tab, schedule a location, back up, then delete the product
 * and configure Square (sent to a stand-in of Square's sign-in page, refused, told so), restore,
 * and get the data of the backup back.
 */
const servers = [config.webServer ?? []].flat();
const env = servers.find((server) => server.command.includes('api/dist/main.js'))?.env ?? {};
const ADMIN = { username: env.ADMIN_USERNAME ?? 'admin', password: env.ADMIN_PASSWORD ?? '' };

test.use({
  viewport: { width: 1024, height: 768 },
  deviceScaleFactor: 1,
  isMobile: false,
  hasTouch: true,
  // The admin works online; keep the storefront's service-worker caches out of these checks.
  serviceWorkers: 'block',
});

// A real PNG: the server checks an upload's type from its bytes and writes a WebP copy of it.
const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 110, g: 66, b: 40 } } })
    .png()
    .toBuffer();

const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const PRODUCT = { name: `Tablet Test Cocoa ${tag}`, slug: `tablet-test-cocoa-${tag}`, price: '9.50' };
const IMAGE = `e2e-cocoa-${tag}.png`;
const SQUARE_APP_ID = 'sandbox-sq0idb-E2eTabletOwner01';
const LOCATION = { title: `Market Day ${tag}`, location: 'Town Square', address: '100 Main Street, Springfield, IL' };

/** How far the admin's page is scrolled: Ionic's content, whose scrolling box is in its shadow root. */
const scrolled = (page: Page) => page.locator('ion-content.admin-scroller').evaluate((el) => el.shadowRoot!.querySelector('.inner-scroll')!.scrollTop);

/** The admin's toast, Ionic's (one at a time): its live region, a status, or an alert when destructive. */
const toast = (page: Page, title: string) => {
  const ionToast = page.locator('ion-toast');
  return ionToast.getByRole('status').or(ionToast.getByRole('alert')).filter({ hasText: title });
};

test('the owner manages the shop from a tablet: product with image, location, Square settings, backup and restore', async ({ page }) => {
  expect(ADMIN.password, 'playwright.config.ts sets ADMIN_PASSWORD for the server').not.toBe('');
  const PNG = await png();

  await test.step('signs in and lands on the dashboard: the summary first, then settings', async () => {
    await page.goto('/auth?redirect=/admin');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).tap();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { level: 2, name: 'Orders and revenue' })).toBeVisible();
    await openAdminSection(page, 'Settings & Square Integration');
    await expect(page.getByLabel('Square Application ID')).toHaveAttribute('placeholder', /^sq0idp-/);
    await expect(page.getByRole('button', { name: 'Save Config' })).toBeDisabled();
  });

  await test.step('creates a product with an uploaded main image', async () => {
    await openAdminSection(page, 'Catalogue');
    await page.getByRole('button', { name: 'Add Product' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Create Product' });
    await expect(dialog).toBeVisible();
    expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(600);
    // Focus starts on the first field once the card is shown, with Ionic's animations off (reducedMotion).
    await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
    // The page behind does not scroll under the dialog: a wheel on the backdrop (checked once the form is filled).
    const pageAt = await scrolled(page);
    await page.mouse.move(16, 752);
    await page.mouse.wheel(0, 600);
    await dialog.getByLabel('Name', { exact: true }).fill(PRODUCT.name);
    await dialog.getByLabel('Subtitle').fill('Made on a tablet');
    await dialog.getByLabel('Description').fill('A cocoa created by the end-to-end test.');
    await dialog.getByLabel('Price (USD)').fill(PRODUCT.price);
    await dialog.getByLabel('Category').selectOption({ label: 'Hot Cocoa' });
    await dialog.getByLabel('Upload Main image').setInputFiles({ name: IMAGE, mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByLabel('Main image', { exact: true })).toHaveValue(`/uploads/products/${IMAGE}`);
    expect(await scrolled(page)).toBe(pageAt);
    await dialog.getByRole('button', { name: 'Create Product' }).tap();
    await expect(dialog).toBeHidden();
    expect(await scrolled(page), 'the page is where it was').toBe(pageAt);
    await expect(toast(page, 'Product created')).toBeVisible();
    // F8 puts focus on the toast (its Close button), and F8 again or Escape gives it back.
    const search = page.getByLabel('Search products');
    const closeToast = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('button', { name: 'Close notification' });
    for (const back of ['F8', 'Escape']) {
      await search.focus();
      await page.keyboard.press('F8');
      await expect(closeToast).toBeFocused();
      await page.keyboard.press(back);
      await expect(search).toBeFocused();
    }
    // With the dialog gone, the same wheel scrolls the page.
    const pageNow = await scrolled(page);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => scrolled(page)).toBeGreaterThan(pageNow);
    await search.fill(tag);
    await expect(page.getByRole('list', { name: 'Products' }).getByText(PRODUCT.name)).toBeVisible();
  });

  await test.step('sees the product and its image in the shop', async () => {
    const shop = await page.context().newPage();
    await shop.goto(`/products/${PRODUCT.slug}`);
    await expect(shop.getByRole('heading', { level: 1, name: PRODUCT.name })).toBeVisible();
    await expect(shop.getByText('$9.50').first()).toBeVisible();
    // Shown from its responsive copies (content-hashed URLs under /uploads/variants/), not the upload itself.
    const image = shop.locator(`img[src*="e2e-cocoa-${tag}"]`).first();
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      new RegExp(`/uploads/variants/e2e-cocoa-${tag}\\.png\\.[0-9a-f]{8}\\.\\d+\\.(webp|avif)$`),
    );
    await shop.close();
  });

  await test.step('uploading the same file again asks before replacing it', async () => {
    await openAdminSection(page, 'Image Management');
    await page.getByLabel('Choose images to upload').setInputFiles({ name: IMAGE, mimeType: 'image/png', buffer: PNG });
    const confirm = page.getByRole('alertdialog', { name: 'Replace existing image?' });
    await expect(confirm).toContainText('Replacing it affects all products using this image.');
    await confirm.getByRole('button', { name: 'Replace image' }).tap();
    await expect(toast(page, 'Upload complete')).toContainText('1 of 1 image(s) uploaded.');
    await page.getByLabel('Search images by filename').fill(tag);
    await expect(page.getByRole('button', { name: `Preview ${IMAGE}` })).toBeVisible();
  });

  // Three days after the shop's today, as the owner types it and as the list shows it.
  const dayInput = shiftDay((await shopCalendar(page.request)).today, 3);
  const dayShown = new Date(`${dayInput}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: '2-digit', year: 'numeric' });

  await test.step('schedules a location', async () => {
    await openAdminSection(page, 'Location Scheduler');
    await expect(page.getByRole('heading', { name: 'Calendar Integration' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Location' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Add Location' });
    await dialog.getByLabel('Title').fill(LOCATION.title);
    await dialog.getByLabel('Location name').fill(LOCATION.location);
    await dialog.getByLabel('Full address').fill(LOCATION.address);
    await dialog.getByLabel('Date').fill(dayInput);
    await dialog.getByLabel('Start time (optional)').fill('10:00');
    await dialog.getByLabel('End time (optional)').fill('14:30');
    // Saving geocodes the address first, through the server and the local geocoder double.
    await dialog.getByRole('button', { name: 'Add Location' }).tap();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Location added')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: LOCATION.title });
    await expect(row).toContainText(LOCATION.location);
    await expect(row).toContainText(dayShown);
    await expect(row).toContainText('10:00 AM – 2:30 PM');
    const events = (await (await page.request.get('/api/events')).json()) as Array<{ title: string; latitude: number | null; longitude: number | null }>;
    expect(events.find((e) => e.title === LOCATION.title)).toMatchObject({ latitude: 39.7817, longitude: -89.6501 });
  });

  let backup = '';
  await test.step('creates a backup and can download it', async () => {
    await openAdminSection(page, 'Database Backup');
    await expect(page.getByText('not hold image files', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Create Backup' }).tap();
    await expect(toast(page, 'Backup created')).toBeVisible();
    const chosen = page.getByRole('radio', { checked: true });
    await expect(chosen).toHaveCount(1);
    backup = (await chosen.getAttribute('value')) ?? '';
    expect(backup).toMatch(/^backup-.*\.json\.gz$/);
    await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: backup })).toContainText(/\d+(\.\d+)? (B|KB|MB|GB)/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download' }).tap()]);
    expect(download.suggestedFilename()).toBe(backup);
    expect(await download.failure()).toBeNull();
  });

  await test.step('deletes the product after the backup (only after confirming)', async () => {
    await openAdminSection(page, 'Catalogue');
    await page.getByLabel('Search products').fill(tag);
    await page.getByRole('button', { name: `Delete ${PRODUCT.name}` }).tap();
    const confirm = page.getByRole('alertdialog', { name: 'Delete product?' });
    await confirm.getByRole('button', { name: 'Delete product' }).tap();
    await expect(toast(page, 'Product deleted')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Products' })).toHaveCount(0);
    expect((await page.request.get(`/api/square/catalog/products/slug/${PRODUCT.slug}`)).status()).toBe(404);
  });

  await test.step('configures Square, is sent to Square to connect, and hears back when the seller refuses', async () => {
    await openAdminSection(page, 'Settings & Square Integration');
    await expect(page.getByText('Not connected', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Connect to Square' }).tap();
    await expect(toast(page, 'Configuration required')).toContainText('Please save your Square Application ID first.');

    await page.getByLabel('Production (live)').tap();
    await expect(page.getByText(/production mode processes real transactions/)).toBeVisible();
    await page.getByLabel('Sandbox (testing)').tap();
    await page.getByLabel('Square Application ID').fill(SQUARE_APP_ID);
    await page.getByRole('button', { name: 'Save Config' }).tap();
    await expect(toast(page, 'Settings saved')).toContainText('Square configuration has been saved.');

    // Square's authorisation page is on the internet: a stand-in page answers it here.
    await page
      .context()
      .route('https://connect.squareupsandbox.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Square sign-in (stand-in)</h1>' }));
    await page.getByRole('button', { name: 'Connect to Square' }).tap();
    await page.waitForURL(/^https:\/\/connect\.squareupsandbox\.com\/oauth2\/authorize/);
    const authorize = new URL(page.url());
    expect(authorize.searchParams.get('client_id')).toBe(SQUARE_APP_ID);
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/\/api\/square\/auth\/callback$/);

    // the seller says no: Square sends the browser back to the shop's callback
    await page.goto(`/api/square/auth/callback?state=${authorize.searchParams.get('state')}&error=access_denied`);
    await expect(page).toHaveURL(/\/admin\?tab=settings$/);
    await expect(toast(page, 'Connection failed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect to Square' })).toBeEnabled();
  });

  await test.step('restores the backup after a warning, and the product is back', async () => {
    await openAdminSection(page, 'Database Backup');
    await page.getByRole('radio', { name: new RegExp(backup.replace(/\./g, '\\.')) }).check();
    await page.getByRole('button', { name: 'Restore', exact: true }).tap();
    const confirm = page.getByRole('alertdialog', { name: 'Restore this backup?' });
    await expect(confirm).toContainText('replaces all current data');
    await confirm.getByRole('button', { name: 'Restore backup' }).tap();
    await expect(toast(page, 'Database restored')).toBeVisible({ timeout: 30_000 });

    const product = await page.request.get(`/api/square/catalog/products/slug/${PRODUCT.slug}`);
    expect(product.status()).toBe(200);
    expect(await product.json()).toMatchObject({ name: PRODUCT.name, price: 9.5, imageUrl: `/uploads/products/${IMAGE}` });
    await openAdminSection(page, 'Location Scheduler');
    await expect(page.getByRole('row').filter({ hasText: LOCATION.title })).toContainText(dayShown);
    // the settings saved after the backup are gone too
    await openAdminSection(page, 'Settings & Square Integration');
    await expect(page.getByLabel('Square Application ID')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Save Config' })).toBeDisabled();
  });
});

test.describe('with the service worker in control', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the dashboard reads past the caches: a new category is listed at once', async ({ page }) => {
    // the storefront caches /api/categories stale-while-revalidate once the worker controls the page
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Experience Cocoa Like Never Before' })).toBeVisible();

    await page.goto('/auth?redirect=/admin%3Ftab%3Dcatalogue');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).tap();
    await expect(page.getByRole('tab', { name: 'Catalogue' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('list', { name: 'Categories' }).getByText('Hot Cocoa')).toBeVisible();

    const name = `Gift Sets ${tag}`;
    await page.getByRole('button', { name: 'Add Category' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Create Category' });
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Create Category' }).tap();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: 'Categories' }).getByText(name)).toBeVisible();

    // and gone at once after a confirmed delete (it leaves the shop's categories as they were)
    await page.getByRole('button', { name: `Delete ${name}` }).tap();
    await page.getByRole('alertdialog', { name: 'Delete category?' }).getByRole('button', { name: 'Delete category' }).tap();
    await expect(toast(page, 'Category deleted')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Categories' }).getByText(name)).toHaveCount(0);
  });
});
