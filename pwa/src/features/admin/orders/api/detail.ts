import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrderDetail } from '@cocoa/shared-types';
import { adminGet } from '../../shared/api/admin-get';
import { ORDERS_KEY } from './key';

/** GET /api/admin/orders/{id}: lines, totals, address, payment, refunds and timeline. */
export const fetchAdminOrder = (id: string, signal?: AbortSignal) => adminGet<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(id)}`, signal);

export const adminOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'detail', id] as const,
    queryFn: ({ signal }) => fetchAdminOrder(id, signal),
    staleTime: 0,
  });

export const useAdminOrder = (id: string) => useQuery(adminOrderQueryOptions(id));
