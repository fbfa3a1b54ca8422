import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderView } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';

/** GET /api/orders/{id}: the site view of one order (its owner or an admin). */
export const fetchOrder = (id: string, signal?: AbortSignal) => apiFetch<OrderView>(`/api/orders/${encodeURIComponent(id)}`, { signal });

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['orders', id] as const,
    queryFn: ({ signal }) => fetchOrder(id, signal),
    // personal data: not kept in the persisted cache once the page is gone
    gcTime: 0,
  });

export function useOrder(id: string | null) {
  return useQuery({ ...orderQueryOptions(id ?? ''), enabled: id !== null && id !== '0' && id !== '' });
}
