import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrdersPage, AdminOrdersQueryInput } from '@cocoa/shared-types';
import { adminGet } from '../../shared/api/admin-get';
import { ORDERS_KEY } from './key';

/** The list's query as the tab keeps it: every filter optional, empty ones left out of the URL. */
export type OrdersFilter = Partial<Record<keyof AdminOrdersQueryInput, string | number>>;

export function ordersSearch(filter: OrdersFilter): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/admin/orders: a page, newest first, with the total count. */
export const fetchAdminOrders = (filter: OrdersFilter, signal?: AbortSignal) => adminGet<AdminOrdersPage>(`/api/admin/orders${ordersSearch(filter)}`, signal);

/** Every page and filter of the list: what a change to an order refreshes. */
export const ORDERS_LIST_KEY = [...ORDERS_KEY, 'list'] as const;

export const adminOrdersQueryOptions = (filter: OrdersFilter) =>
  queryOptions({
    queryKey: [...ORDERS_LIST_KEY, filter] as const,
    queryFn: ({ signal }) => fetchAdminOrders(filter, signal),
    staleTime: 0,
    // A new page or filter keeps the rows on screen until its answer comes (no flash to empty).
    placeholderData: keepPreviousData,
  });

export const useAdminOrders = (filter: OrdersFilter) => useQuery(adminOrdersQueryOptions(filter));
