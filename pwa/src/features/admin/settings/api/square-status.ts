import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SquareAuthStatus } from '@cocoa/shared-types';
import { adminGet } from '../../shared/api/admin-get';
import { STATUS_POLL_MS } from '../../shared/api/status-poll';

/** GET /api/square/auth/status: connected and merchantId. */
export const fetchSquareAuthStatus = (signal?: AbortSignal) => adminGet<SquareAuthStatus>('/api/square/auth/status', signal);

export const squareAuthStatusQueryOptions = queryOptions({
  queryKey: ['admin', 'square', 'auth-status'] as const,
  queryFn: ({ signal }) => fetchSquareAuthStatus(signal),
  refetchInterval: STATUS_POLL_MS,
  staleTime: 0,
});

export const useSquareAuthStatus = () => useQuery(squareAuthStatusQueryOptions);
