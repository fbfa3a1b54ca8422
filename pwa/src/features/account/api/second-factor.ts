import { useQuery } from '@tanstack/react-query';
import type { SecondFactorStatus } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';
import { personalQueryOptions } from '../../../lib/personal-query';

/** GET /api/auth/second-factor: whether two-step sign-in is on, since when, and how many recovery codes are left. */
const fetchSecondFactor = (signal?: AbortSignal) => apiFetch<SecondFactorStatus>('/api/auth/second-factor', { signal, cache: 'no-store' });

export const secondFactorQueryOptions = (userId: number) => personalQueryOptions(['second-factor', userId], fetchSecondFactor);

export const useSecondFactor = (userId: number) => useQuery(secondFactorQueryOptions(userId));
