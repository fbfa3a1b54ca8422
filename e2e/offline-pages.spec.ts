import { expect, test, type Page } from '@playwright/test';

/**
 * Honest offline states: a page never opened on this phone says it is offline and
 * what it will show when the network is back, never 'Product Not Found' or 'No upcoming public
 * events', and shows it by itself once the network returns; what is shown from the saved copy says
 * when it was saved. The app is opened online on a page that loads neither products nor stops;
 * then the network is cut and the visitor moves inside the app.
 */
// As installed: the service worker has the app's code (every page's chunk), not the pages' data.
test.use({ serviceWorkers: 'allow' });

/** A move inside the app (React Router listens to popstate), as a tapped link would make it. */
async function goInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('pages never opened say they are offline and what will show, then show it when the network is back', async ({ page, context, request }) => {
  const [product] = (await (await request.get('/api/square/catalog/products')).json()) as Array<{ slug: string; name: string }>;
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Story' })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
  await context.setOffline(true);

  await test.step("/events: 'You're offline' and what will show, not 'No upcoming public events'", async () => {
    await goInApp(page, '/events');
    await expect(page.getByText("The next stops are not saved on this device yet. They will show here when you're back online.")).toBeVisible();
    await expect(page.getByText('No upcoming public events yet. Check back soon!')).toHaveCount(0);
  });

  await test.step("a product page: 'You're offline' and what will show, not 'Product Not Found'", async () => {
    await goInApp(page, `/products/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
    await expect(page.getByText("This product is not saved on this device yet. It will show here when you're back online.")).toBeVisible();
    await expect(page.getByText('Product Not Found')).toHaveCount(0);
  });

  await test.step('the network returns, the first try after it still fails (a phone is online before requests get through): the product shows by itself', async () => {
    await context.route(`**/api/square/catalog/products/slug/${product.slug}`, (route) => route.abort('internetdisconnected'), { times: 1 });
    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  });

  await test.step('offline again: the saved product shows, and the banner says when it was saved', async () => {
    await context.setOffline(true);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toContainText(/What this page shows was saved at \d{1,2}:\d{2}\s?[AP]M\./);
  });
  await context.setOffline(false);
});
