import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes, SecondFactorConfirmInput } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';
import { secondFactorQueryOptions } from './second-factor';

/** POST /api/auth/second-factor/enrolment/confirm: the first code turns two-step sign-in on; the recovery codes come back once. */
const confirmSecondFactor = (body: SecondFactorConfirmInput) => apiFetch<RecoveryCodes>('/api/auth/second-factor/enrolment/confirm', { method: 'POST', body });

export function useConfirmSecondFactor(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmSecondFactor,
    onSuccess: () => client.invalidateQueries({ queryKey: secondFactorQueryOptions(userId).queryKey }),
  });
}
