import { useMutation, useQueryClient } from '@tanstack/react-query';
import { registerPayloadSchema, type RegisterPayload, type User } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';
import { displayName, userQueryOptions } from './user';

/** POST /api/register with exactly the payload schema's keys (confirmPassword removed). */
export const register = (payload: RegisterPayload) => apiFetch<User>('/api/register', { method: 'POST', body: registerPayloadSchema.parse(payload) });

export function useRegister() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      client.setQueryData(userQueryOptions.queryKey, user);
      toast('Registration successful', `Welcome, ${displayName(user)}!`);
    },
    onError: (error) => errorToast('Registration failed', messageOf(error, 'Unable to create account')),
  });
}
