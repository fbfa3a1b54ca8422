import { useQuery } from '@tanstack/react-query';
import type { AdminOrderDetail } from '@cocoa/shared-types';
import { adminQueryOptions } from '../../api/owner-api';
import { ORDERS_KEY } from './key';

/** GET /api/admin/orders/{id}: lines, totals, address, payment, refunds and timeline. */
export const adminOrderQueryOptions = (id: string) =>
  adminQueryOptions<AdminOrderDetail>([...ORDERS_KEY, 'detail', id], `/api/admin/orders/${encodeURIComponent(id)}`);

export const useAdminOrder = (id: string) => useQuery(adminOrderQueryOptions(id));
