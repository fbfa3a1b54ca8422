import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerProfile } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';

/** GET /api/me/customer: the signed-in user's profile (a 401 is an error here). */
export const fetchCustomerProfile = (signal?: AbortSignal) => apiFetch<CustomerProfile>('/api/me/customer', { signal });

/**
 * Personal data: keyed by the user so one account never sees another's, fetched fresh on every
 * visit and dropped from the (persisted) cache as soon as no screen shows it.
 */
export const customerProfileQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['me', 'customer', userId] as const,
    queryFn: ({ signal }) => fetchCustomerProfile(signal),
    staleTime: 0,
    gcTime: 0,
  });

export function useCustomerProfile(userId: number | undefined) {
  return useQuery({ ...customerProfileQueryOptions(userId ?? 0), enabled: userId !== undefined });
}
