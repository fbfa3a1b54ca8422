import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecondFactorStatus } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';

/** GET /api/auth/second-factor: whether two-step sign-in is on, since when, and how many recovery codes are left. */
const fetchSecondFactor = (signal?: AbortSignal) => apiFetch<SecondFactorStatus>('/api/auth/second-factor', { signal, cache: 'no-store' });

/** Keyed by the user, read fresh on every visit and not kept once no screen shows it. */
export const secondFactorQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['me', 'second-factor', userId] as const,
    queryFn: ({ signal }) => fetchSecondFactor(signal),
    staleTime: 0,
    gcTime: 0,
  });

export const useSecondFactor = (userId: number) => useQuery(secondFactorQueryOptions(userId));
