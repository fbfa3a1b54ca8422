import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SquareAuthStatus } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { squareAuthStatusQueryOptions } from './square-status';

/** POST /api/square/auth/disconnect. */
export const disconnectSquare = () => apiFetch<SquareAuthStatus>('/api/square/auth/disconnect', { method: 'POST' });

export function useDisconnectSquare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: disconnectSquare,
    onSuccess: () => {
      toast('Disconnected', 'Square has been disconnected.');
      return client.invalidateQueries({ queryKey: squareAuthStatusQueryOptions.queryKey });
    },
    onError: (error) => errorToast('Disconnect failed', messageOf(error, 'Failed to disconnect Square.')),
  });
}
