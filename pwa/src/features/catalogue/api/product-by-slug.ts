import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@cocoa/shared-types';
import { ApiError, apiFetch } from '../../../lib/api-fetch';

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

export const useProductBySlug = (slug: string) => useQuery(productBySlugQueryOptions(slug));
