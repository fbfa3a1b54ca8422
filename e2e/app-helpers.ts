import type { Page } from '@playwright/test';

/**
 * The app once it has taken over the page. The server paints a public route with the app's own
 * markup, and the root keeps its data-server-rendered mark until the app has hydrated it
 * (pwa/src/app/start.tsx): `.app-root` alone may still be that copy, whose buttons do nothing yet.
 */
export const tookOver = (page: Page) => page.locator('#root:not([data-server-rendered]) .app-root');

/** The server's painted copy of the app, before the app has taken it over. */
export const painted = (page: Page) => page.locator('#root[data-server-rendered]');
