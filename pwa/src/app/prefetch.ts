import type { QueryClient } from '@tanstack/react-query';
import { catalogCategoriesQueryOptions, productsQueryOptions, seedCatalogueFromPage } from '../features/catalogue';
import { preloadLandingPage } from './router';

const isProductsPath = (pathname: string) => pathname === '/products' || pathname === '/products/';

/**
 * Before the first render. Landing on the catalogue: its data comes from the page itself when the
 * server sent it (else its two calls start while the page chunk is still loading, instead of after
 * it mounts; data already in the persisted cache is not fetched again). Landing on a page the
 * server paints a first screen for: its chunk starts loading at once, and the promise resolves
 * when it is in (or failed), so the first render replaces that screen with the real page rather
 * than with a spinner.
 */
export function prefetchForLanding(client: QueryClient, pathname: string): Promise<void> {
  if (isProductsPath(pathname)) {
    seedCatalogueFromPage(client);
    void client.prefetchQuery(productsQueryOptions);
    void client.prefetchQuery(catalogCategoriesQueryOptions);
  }
  return preloadLandingPage(pathname);
}
