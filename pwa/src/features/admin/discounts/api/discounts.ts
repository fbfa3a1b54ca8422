import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDiscount } from '@cocoa/shared-types';
import { adminGetList } from '../../shared/api/admin-get';

/** GET /api/admin/discounts: every code, newest first, with its uses so far. */
export const adminDiscountsQueryOptions = queryOptions({
  queryKey: ['admin', 'discounts'] as const,
  queryFn: ({ signal }) => adminGetList<AdminDiscount>('/api/admin/discounts', signal),
  staleTime: 0,
});

export const useAdminDiscounts = () => useQuery(adminDiscountsQueryOptions);
