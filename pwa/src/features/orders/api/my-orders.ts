import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER, type ProviderOrder } from '@cocoa/shared-types';
import { apiFetchWithHeaders } from '../../../lib/api-fetch';

export interface OrdersPage {
  orders: ProviderOrder[];
  nextCursor: string | null;
}

/** GET /api/me/orders: newest first; the next page's cursor comes in the X-Next-Cursor header. */
export async function fetchMyOrders(cursor: string | null, signal?: AbortSignal): Promise<OrdersPage> {
  const path = cursor ? `/api/me/orders?cursor=${encodeURIComponent(cursor)}` : '/api/me/orders';
  const { data, headers } = await apiFetchWithHeaders<unknown>(path, { signal });
  const orders = Array.isArray(data) ? (data as ProviderOrder[]) : [];
  if (!Array.isArray(data)) console.warn(`Expected a list from ${path}, got`, data);
  return { orders, nextCursor: headers?.get?.(NEXT_CURSOR_HEADER) || null };
}

/** Personal data: keyed by user, fetched fresh each visit, not kept once the page is gone. */
export const myOrdersQueryOptions = (userId: number) =>
  infiniteQueryOptions({
    queryKey: ['me', 'orders', userId] as const,
    queryFn: ({ pageParam, signal }) => fetchMyOrders(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    gcTime: 0,
  });

export const useMyOrders = (userId: number) => useInfiniteQuery(myOrdersQueryOptions(userId));
