import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingPackage } from '@cocoa/shared-types';
import { adminGetList } from '../../shared/api/admin-get';
import { BOOKINGS_KEY } from './key';

/** GET /api/admin/booking/packages: every package, active or not. */
export const adminPackagesQueryOptions = queryOptions({
  queryKey: [...BOOKINGS_KEY, 'packages'] as const,
  queryFn: ({ signal }) => adminGetList<BookingPackage>('/api/admin/booking/packages', signal),
  staleTime: 0,
});

export const useAdminPackages = () => useQuery(adminPackagesQueryOptions);
