import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@cocoa/shared-types';
import { ApiError, apiFetch } from '../../../lib/api-fetch';
import { productsQueryOptions } from './products';

/** GET /api/square/catalog/products/slug/{slug}: the product, or null when it does not exist. */
export async function fetchProductBySlug(slug: string, signal?: AbortSignal): Promise<Product | null> {
  try {
    return (await apiFetch<Product | null>(`/api/square/catalog/products/slug/${encodeURIComponent(slug)}`, { signal })) ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const productBySlugQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['catalog', 'product', slug] as const,
    queryFn: ({ signal }) => fetchProductBySlug(slug, signal),
  });

/**
 * A product the cached catalogue list already holds opens from it, as fresh as that list (the API
 * answers both calls with the same product shape): at once online, and offline although this
 * product's page was never visited. Otherwise it is fetched.
 */
export function useProductBySlug(slug: string) {
  const client = useQueryClient();
  return useQuery({
    ...productBySlugQueryOptions(slug),
    initialData: () => client.getQueryData(productsQueryOptions.queryKey)?.find((p) => p.slug === slug),
    initialDataUpdatedAt: () => client.getQueryState(productsQueryOptions.queryKey)?.dataUpdatedAt,
  });
}
