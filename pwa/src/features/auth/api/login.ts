import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type LoginInput, SECOND_FACTOR_REQUIRED, type SecondFactorCodeInput, type User } from '@cocoa/shared-types';
import { ApiError, apiFetch, messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';
import { displayName, userQueryOptions } from './user';

export const login = (credentials: LoginInput) => apiFetch<User>('/api/login', { method: 'POST', body: credentials });

/** POST /api/login/second-factor: the sign-in's second step (a code from the app, or a recovery code). */
const loginWithCode = (body: SecondFactorCodeInput) => apiFetch<User>('/api/login/second-factor', { method: 'POST', body });

/** The password was right, and the account asks for its code next (docs/security.md). */
export const needsSecondFactor = (error: unknown) => error instanceof ApiError && error.code === SECOND_FACTOR_REQUIRED;

function useSignedIn() {
  const client = useQueryClient();
  return (user: User) => {
    client.setQueryData(userQueryOptions.queryKey, user);
    toast('Login successful', `Welcome back, ${displayName(user)}!`);
  };
}

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: login,
    onSuccess: signedIn,
    onError: (error) => {
      if (!needsSecondFactor(error)) errorToast('Login failed', messageOf(error, 'Invalid username or password'));
    },
  });
}

/** The second step; a wrong code is told beside its field by the form, not in a toast. */
export function useLoginWithCode() {
  const signedIn = useSignedIn();
  return useMutation({ mutationFn: loginWithCode, onSuccess: signedIn });
}
