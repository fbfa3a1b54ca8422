import { useQuery } from '@tanstack/react-query';
import type { CustomerProfile } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';
import { personalQueryOptions } from '../../../lib/personal-query';

/** GET /api/me/customer: the signed-in user's profile (a 401 is an error here). */
export const fetchCustomerProfile = (signal?: AbortSignal) => apiFetch<CustomerProfile>('/api/me/customer', { signal });

export const customerProfileQueryOptions = (userId: number) => personalQueryOptions(['customer', userId], fetchCustomerProfile);

export function useCustomerProfile(userId: number | undefined) {
  return useQuery({ ...customerProfileQueryOptions(userId ?? 0), enabled: userId !== undefined });
}
