import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecentSignIns } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';

/** GET /api/me/sign-ins: the account's recent sign-ins, newest first, and the shop's zone for their times. */
export const fetchRecentSignIns = (signal?: AbortSignal) => apiFetch<RecentSignIns>('/api/me/sign-ins', { signal });

/**
 * Personal data: keyed by the user so one account never sees another's, fetched fresh on every
 * visit and dropped from the cache as soon as no screen shows it (never kept on the device: 'me').
 */
export const recentSignInsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['me', 'sign-ins', userId] as const,
    queryFn: ({ signal }) => fetchRecentSignIns(signal),
    staleTime: 0,
    gcTime: 0,
  });

export function useRecentSignIns(userId: number) {
  return useQuery(recentSignInsQueryOptions(userId));
}
