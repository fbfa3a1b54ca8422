import type { QueryClient } from '@tanstack/react-query';
import { catalogCategoriesQueryOptions, productsQueryOptions } from '../features/catalogue';

/**
 * A first visit to the catalogue starts its two calls while the page chunk is still loading,
 * instead of after it mounts. Data already in the (persisted) cache is not fetched again.
 */
export function prefetchForLanding(client: QueryClient, pathname: string) {
  if (pathname === '/products') {
    void client.prefetchQuery(productsQueryOptions);
    void client.prefetchQuery(catalogCategoriesQueryOptions);
  }
}
