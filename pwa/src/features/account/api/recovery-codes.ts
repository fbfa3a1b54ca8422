import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';
import { secondFactorQueryOptions } from './second-factor';

/** POST /api/auth/second-factor/recovery-codes: a new set (the old codes stop working), shown once. */
const newRecoveryCodes = () => apiFetch<RecoveryCodes>('/api/auth/second-factor/recovery-codes', { method: 'POST' });

export function useNewRecoveryCodes(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: newRecoveryCodes,
    onSuccess: () => client.invalidateQueries({ queryKey: secondFactorQueryOptions(userId).queryKey }),
  });
}
