import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecondFactorStatus } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';
import { secondFactorQueryOptions } from './second-factor';

/** DELETE /api/auth/second-factor: two-step sign-in off (asks for a fresh check first); answers the new status. */
const disableSecondFactor = () => apiFetch<SecondFactorStatus>('/api/auth/second-factor', { method: 'DELETE' });

export function useDisableSecondFactor(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: disableSecondFactor,
    onSuccess: (status) => client.setQueryData(secondFactorQueryOptions(userId).queryKey, status),
  });
}
