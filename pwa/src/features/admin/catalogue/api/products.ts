import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminProduct } from '@cocoa/shared-types';
import { adminGetList } from '../../shared/api/admin-get';
import { adminProductsKey } from './catalogue-key';

export const ADMIN_PAGE_SIZE = 25;

/** GET /api/products?search=&limit=&offset= (admin list: the owner's In stock switch, stock count and threshold). */
export function fetchAdminProducts(params: { search: string; page: number }, signal?: AbortSignal): Promise<AdminProduct[]> {
  const query = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE + 1), offset: String(params.page * ADMIN_PAGE_SIZE) });
  if (params.search.trim()) query.set('search', params.search.trim());
  return adminGetList<AdminProduct>(`/api/products?${query.toString()}`, signal);
}

/** One page; one extra row is asked for to know whether a next page exists. */
export const adminProductsQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: [...adminProductsKey, { search: search.trim(), page }] as const,
    queryFn: ({ signal }) => fetchAdminProducts({ search, page }, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useAdminProducts = (search: string, page: number) => useQuery(adminProductsQueryOptions(search, page));
