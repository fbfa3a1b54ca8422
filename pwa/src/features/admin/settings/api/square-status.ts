import { useQuery } from '@tanstack/react-query';
import type { SquareAuthStatus } from '@cocoa/shared-types';
import { adminGet } from '../../shared/api/admin-get';
import { statusQueryOptions } from '../../shared/api/status-poll';

/** GET /api/square/auth/status: connected and merchantId. */
export const fetchSquareAuthStatus = (signal?: AbortSignal) => adminGet<SquareAuthStatus>('/api/square/auth/status', signal);

export const squareAuthStatusQueryOptions = statusQueryOptions(['admin', 'square', 'auth-status'], fetchSquareAuthStatus);

export const useSquareAuthStatus = () => useQuery(squareAuthStatusQueryOptions);
