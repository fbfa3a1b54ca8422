import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, User } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';
import { displayName, userQueryOptions } from './user';

export const login = (credentials: LoginInput) => apiFetch<User>('/api/login', { method: 'POST', body: credentials });

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      client.setQueryData(userQueryOptions.queryKey, user);
      toast('Login successful', `Welcome back, ${displayName(user)}!`);
    },
    onError: (error) => errorToast('Login failed', messageOf(error, 'Invalid username or password')),
  });
}
