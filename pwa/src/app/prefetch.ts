import type { QueryClient } from '@tanstack/react-query';
import { firstScreenRoute } from '@cocoa/shared-types';
import { catalogCategoriesQueryOptions, productsQueryOptions } from '../features/catalogue';
import { seedFirstScreenFromPage } from './first-screen-data';
import { preloadLandingPage } from './router';

/**
 * Before the first render. Landing on a page the server paints a first screen for (a public
 * route): its data comes from the page itself when the server sent it, seeded under the keys its
 * hooks use, and its chunk starts loading at once; the promise resolves when it is in (or failed)
 * and, on a screen the server painted, the calls the page makes as it mounts are answered (or a
 * short wait is over: router.tsx), so the first render replaces that screen with the same page
 * rather than with a spinner. On the catalogue without that data (the service worker's shell), its
 * two calls start while the page chunk is still loading, instead of after it mounts; data already
 * in the persisted cache is not fetched again.
 */
export function prefetchForLanding(client: QueryClient, pathname: string): Promise<void> {
  const route = firstScreenRoute(pathname);
  const painted = route ? seedFirstScreenFromPage(client, route.page) : false;
  if (route?.page === 'products') {
    void client.prefetchQuery(productsQueryOptions);
    void client.prefetchQuery(catalogCategoriesQueryOptions);
  }
  return preloadLandingPage(pathname, client, painted);
}
