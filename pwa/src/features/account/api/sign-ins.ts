import { useQuery } from '@tanstack/react-query';
import type { RecentSignIns } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';
import { personalQueryOptions } from '../../../lib/personal-query';

/** GET /api/me/sign-ins: the account's recent sign-ins, newest first, and the shop's zone for their times. */
export const fetchRecentSignIns = (signal?: AbortSignal) => apiFetch<RecentSignIns>('/api/me/sign-ins', { signal });

export const recentSignInsQueryOptions = (userId: number) => personalQueryOptions(['sign-ins', userId], fetchRecentSignIns);

export function useRecentSignIns(userId: number) {
  return useQuery(recentSignInsQueryOptions(userId));
}
