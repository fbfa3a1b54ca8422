import type { SquareAuthStatus } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { useOwnerChange } from '../../api/owner-api';
import { squareAuthStatusQueryOptions } from './square-status';

/** POST /api/square/auth/disconnect. */
const disconnectSquare = () => apiFetch<SquareAuthStatus>('/api/square/auth/disconnect', { method: 'POST' });

export const useDisconnectSquare = () =>
  useOwnerChange({
    mutationFn: disconnectSquare,
    done: () => ['Disconnected', 'Square has been disconnected.'],
    failed: ['Disconnect failed', 'Failed to disconnect Square.'],
    refresh: (client) => client.invalidateQueries({ queryKey: squareAuthStatusQueryOptions.queryKey }),
  });
