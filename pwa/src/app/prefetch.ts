import type { QueryClient } from '@tanstack/react-query';
import { firstScreenRoute } from '@cocoa/shared-types';
import { catalogCategoriesQueryOptions, productsQueryOptions } from '../features/catalogue';
import { hydrateAsViewerIn } from '../lib/viewer-clock';
import { seedFirstScreenFromPage } from './first-screen-data';
import { preloadLandingPage } from './router';

/** How the app starts on the page it landed on (prepareLanding). */
export interface Landing {
  /** The root holds the server's rendering of this page and the cache its data: the app hydrates it. */
  hydrate: boolean;
  /** Resolves when the page's chunk is in (or failed). */
  ready: Promise<void>;
}

/**
 * Before the first render. Landing on a page the server paints a first screen for (a public
 * route): its data comes from the page itself when the server sent it, seeded under the keys its
 * hooks use, and its chunk starts loading at once. With the server's rendering of the app in the
 * root (`serverRendered`) and its data seeded, the app hydrates that markup: the first render is
 * then the server's, in the zone the server rendered it in (the shop's), and asks for nothing
 * more before it. Otherwise the app renders the page itself and the calls the page makes as it
 * mounts start now; on the catalogue without that data (the service worker's shell), its two
 * calls start while the page chunk is still loading, instead of after it mounts; data already in
 * the persisted cache is not fetched again.
 */
export function prepareLanding(client: QueryClient, pathname: string, serverRendered: boolean): Landing {
  const route = firstScreenRoute(pathname);
  const seeded = route ? seedFirstScreenFromPage(client, route.page) : null;
  const hydrate = serverRendered && seeded !== null;
  if (hydrate && 'timeZone' in seeded) hydrateAsViewerIn(seeded.timeZone);
  if (!hydrate && route?.page === 'products') {
    void client.prefetchQuery(productsQueryOptions);
    void client.prefetchQuery(catalogCategoriesQueryOptions);
  }
  return { hydrate, ready: preloadLandingPage(pathname, client, !hydrate) };
}
