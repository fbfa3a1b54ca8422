import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@cocoa/shared-types';
import { apiFetchList } from '../../../lib/api-fetch';

/** GET /api/square/catalog/products: every product, featured first then by name. */
export const fetchProducts = (signal?: AbortSignal) => apiFetchList<Product>('/api/square/catalog/products', signal);

export const productsQueryOptions = queryOptions({
  queryKey: ['catalog', 'products'] as const,
  queryFn: ({ signal }) => fetchProducts(signal),
});

export const useProducts = () => useQuery(productsQueryOptions);
