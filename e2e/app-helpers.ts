import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The app once it has taken over the page. The server paints a public route with the app's own
 * markup, and the root keeps its data-server-rendered mark until the app has hydrated it
 * (pwa/src/app/start.tsx): `.app-root` alone may still be that copy, whose buttons do nothing yet.
 */
export const tookOver = (page: Page) => page.locator('#root:not([data-server-rendered]) .app-root');

/** The server's painted copy of the app, before the app has taken it over. */
export const painted = (page: Page) => page.locator('#root[data-server-rendered]');

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
 * Swipes a list row to the left, as a finger does to show the row's actions (Ionic's sliding
 * item, pwa/src/features/admin/shared/swipe-row.tsx): pressed near its right edge, dragged two
 * thirds of its width to the left in small steps, released.
 */
export async function swipeLeft(row: Locator) {
  const box = await row.boundingBox();
  if (!box) throw new Error('the row is not on screen');
  const page = row.page();
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width - 20, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 3, y, { steps: 12 });
  await page.mouse.up();
}
