import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@cocoa/shared-types';
import { catalogCategoriesQueryOptions, categoriesQueryOptions } from '../../../catalogue';
import { adminGetList } from '../../shared/api/admin-get';
import { invalidateCatalogue } from './catalogue-key';

/** GET /api/categories read past every cache (the public list may be a stale-while-revalidate copy). */
export const fetchAdminCategories = (signal?: AbortSignal) => adminGetList<Category>('/api/categories', signal);

export const adminCategoriesQueryOptions = queryOptions({
  queryKey: ['admin', 'categories'] as const,
  queryFn: ({ signal }) => fetchAdminCategories(signal),
  staleTime: 0,
});

export const useAdminCategories = () => useQuery(adminCategoriesQueryOptions);

/** A category change reaches the admin list, every public category view and the catalogue at once. */
export function invalidateCategories(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: adminCategoriesQueryOptions.queryKey }),
    client.invalidateQueries({ queryKey: categoriesQueryOptions.queryKey }),
    client.invalidateQueries({ queryKey: catalogCategoriesQueryOptions.queryKey }),
    invalidateCatalogue(client),
  ]);
}
