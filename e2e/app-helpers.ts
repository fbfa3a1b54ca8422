import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The app once it has taken over the page. The server paints a public route with the app's own
 * markup, and the root keeps its data-server-rendered mark until the app has hydrated it
 * (pwa/src/app/start.tsx): `.app-root` alone may still be that copy, whose buttons do nothing yet.
 */
export const tookOver = (page: Page) => page.locator('#root:not([data-server-rendered]) .app-root');

/** The server's painted copy of the app, before the app has taken it over. */
export const painted = (page: Page) => page.locator('#root[data-server-rendered]');

/** Puts one of the product in the cart from its page, as a buyer does, and closes the cart drawer. */
export async function addProductToCart(page: Page, slug: string) {
  await page.goto(`/products/${slug}`);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(drawer.getByText('You have 1 item(s) in your cart.')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close cart' }).click();
  await expect(drawer).toBeHidden();
}

/**
 * Chooses `name` in the segment labelled `segment` (the admin's Ionic segments,
 * pwa/src/features/admin/shared/segment.tsx) as a finger or a mouse does, and waits until it is
 * chosen. Ionic puts the tab role and aria-selected on a button inside each choice and lets the
 * choice itself take the pointer, so the tap goes to the choice that holds the tab of that name.
 */
export async function chooseInSegment(scope: Page | Locator, segment: string, name: string | RegExp, how: 'tap' | 'click' = 'tap') {
  const page = 'page' in scope && typeof scope.page === 'function' ? scope.page() : (scope as Page);
  const row = scope.getByRole('tablist', { name: segment });
  const tab = row.getByRole('tab', { name });
  const choice = row.locator('ion-segment-button').filter({ has: page.getByRole('tab', { name }) });
  await (how === 'tap' ? choice.tap() : choice.click());
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** Opens a section of the admin (Summary, Orders, …). */
export const openAdminSection = (page: Page, name: string | RegExp, how: 'tap' | 'click' = 'tap') => chooseInSegment(page, 'Admin sections', name, how);

/**
 * Drags a finger across the page from one point to another in small steps (Chromium's touch input,
 * through the DevTools protocol: Playwright's own touchscreen only taps). Ionic's gestures take
 * touches, and ignore a mouse for a moment after any touch, so a finger is what the tests use.
 */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, steps = 16) {
  const cdp = await page.context().newCDPSession(page);
  const at = (i: number) => ({ x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(i)] });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * Swipes a list row to the left, as a finger does to show the row's actions (Ionic's sliding
 * item, pwa/src/features/admin/shared/swipe-row.tsx): from near its right edge, two thirds of its
 * width to the left.
 */
export async function swipeLeft(row: Locator) {
  const box = await row.boundingBox();
  if (!box) throw new Error('the row is not on screen');
  const y = box.y + box.height / 2;
  await drag(row.page(), { x: box.x + box.width - 20, y }, { x: box.x + box.width / 3, y });
}

/**
 * Pulls the admin's page down from `from` (something near its top), as a finger does to refresh it
 * (Ionic's refresher, pwa/src/features/admin/shared/admin-scroller.tsx), and lets go.
 */
export async function pullDown(from: Locator) {
  const page = from.page();
  // A pull refreshes only at the top of the page: scroll up there first, as the owner would.
  await from.hover();
  await page.mouse.wheel(0, -20000);
  await expect.poll(async () => (await from.boundingBox())?.y ?? -1).toBeGreaterThan(0);
  const box = await from.boundingBox();
  if (!box) throw new Error('nothing to pull from');
  const x = box.x + box.width / 2;
  await drag(page, { x, y: box.y + 4 }, { x, y: box.y + 320 }, 24);
}
