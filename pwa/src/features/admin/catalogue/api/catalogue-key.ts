import type { QueryClient } from '@tanstack/react-query';
import { featuredProductsQueryOptions, productsQueryOptions } from '../../../catalogue';

export const adminProductsKey = ['admin', 'products'] as const;

/** The admin list and every public catalogue view see a change at once. */
export function invalidateCatalogue(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: adminProductsKey }),
    client.invalidateQueries({ queryKey: [productsQueryOptions.queryKey[0]] }),
    client.invalidateQueries({ queryKey: featuredProductsQueryOptions.queryKey }),
  ]);
}
