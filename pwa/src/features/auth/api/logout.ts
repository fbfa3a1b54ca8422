import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, messageOf } from '../../../lib/api-fetch';
import { forgetPersistedQueries } from '../../../lib/persisted-queries';
import { errorToast, toast } from '../../../ui/toast-store';
import { userQueryOptions } from './user';

export const logout = () => apiFetch<void>('/api/logout', { method: 'POST' });

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      client.setQueryData(userQueryOptions.queryKey, null);
      // The owner's pickup queue (customers' first names and orders) leaves the device with the session.
      client.removeQueries({ queryKey: ['pickup-queue'] });
      forgetPersistedQueries();
      toast('Logout successful', 'You have been logged out');
    },
    onError: (error) => errorToast('Logout failed', messageOf(error, 'Unable to logout')),
  });
}
