import { useMutation } from '@tanstack/react-query';
import type { SignedOutOthers } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';

/** POST /api/me/sign-out-others: every other session of the account ends; this one goes on. */
export const signOutOthers = () => apiFetch<SignedOutOthers>('/api/me/sign-out-others', { method: 'POST' });

export function useSignOutOthers() {
  return useMutation({ mutationFn: signOutOthers });
}
