import { expect, type Page } from '@playwright/test';

/**
 * The app once it has taken over the page. The server paints a public route with the app's own
 * markup, and the root keeps its data-server-rendered mark until the app has hydrated it
 * (pwa/src/app/start.tsx): `.app-root` alone may still be that copy, whose buttons do nothing yet.
 */
export const tookOver = (page: Page) => page.locator('#root:not([data-server-rendered]) .app-root');

/** The server's painted copy of the app, before the app has taken it over. */
export const painted = (page: Page) => page.locator('#root[data-server-rendered]');

/**
 * Opens a section of the admin (its segment, pwa/src/features/admin/shared/segment.tsx) as a
 * finger or a mouse does. Ionic puts the tab role and aria-selected on a button inside each
 * choice and lets the choice itself take the pointer, so the tap goes to the choice that holds
 * the tab of that name.
 */
export async function openAdminSection(page: Page, name: string | RegExp, how: 'tap' | 'click' = 'tap') {
  const sections = page.getByRole('tablist', { name: 'Admin sections' });
  const tab = sections.getByRole('tab', { name });
  const choice = sections.locator('ion-segment-button').filter({ has: page.getByRole('tab', { name }) });
  await (how === 'tap' ? choice.tap() : choice.click());
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}
