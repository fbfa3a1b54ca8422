import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@cocoa/shared-types';
import { apiFetchList } from '../../../lib/api-fetch';

/** GET /api/products/featured: the home page's Seasonal Products (retry 2, 5 minutes). */
export const fetchFeaturedProducts = (signal?: AbortSignal) => apiFetchList<Product>('/api/products/featured', signal);

export const featuredProductsQueryOptions = queryOptions({
  queryKey: ['products', 'featured'] as const,
  queryFn: ({ signal }) => fetchFeaturedProducts(signal),
  staleTime: 5 * 60 * 1000,
  retry: 2,
});

export const useFeaturedProducts = () => useQuery(featuredProductsQueryOptions);
