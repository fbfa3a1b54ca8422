import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogSyncResult, SquareAuthStatus } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';
import { productsQueryOptions } from '../../catalogue';
import { adminGet } from './admin-get';
import { adminCategoriesQueryOptions } from './categories';
import { adminProductsKey } from './products';

/** Calendar and provider status are polled every 30 s (SPEC §9). */
export const STATUS_POLL_MS = 30_000;

/** GET /api/square/auth/status: connected and merchantId. */
export const fetchSquareAuthStatus = (signal?: AbortSignal) => adminGet<SquareAuthStatus>('/api/square/auth/status', signal);

export const squareAuthStatusQueryOptions = queryOptions({
  queryKey: ['admin', 'square', 'auth-status'] as const,
  queryFn: ({ signal }) => fetchSquareAuthStatus(signal),
  refetchInterval: STATUS_POLL_MS,
  staleTime: 0,
});

export const useSquareAuthStatus = () => useQuery(squareAuthStatusQueryOptions);

/** GET /api/square/auth/url: the provider's authorisation page, or an error. */
export async function fetchSquareAuthUrl(): Promise<string> {
  const answer = await adminGet<{ authUrl?: string; error?: string }>('/api/square/auth/url');
  if (!answer?.authUrl) throw new Error(answer?.error || 'Failed to connect to Square.');
  return answer.authUrl;
}

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

/** POST /api/square/catalog/sync: Square items and variations into the local catalogue. */
export const syncSquareCatalog = () => apiFetch<CatalogSyncResult>('/api/square/catalog/sync', { method: 'POST' });

export function useSyncSquareCatalog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: syncSquareCatalog,
    onSuccess: (result) => {
      const skipped = result?.skipped ? `, skipped ${result.skipped} (no fixed price)` : '';
      toast('Catalogue synced', `Created ${result?.created ?? 0}, updated ${result?.updated ?? 0}, unchanged ${result?.unchanged ?? 0}${skipped}.`);
      return Promise.all([
        client.invalidateQueries({ queryKey: adminProductsKey }),
        client.invalidateQueries({ queryKey: adminCategoriesQueryOptions.queryKey }),
        client.invalidateQueries({ queryKey: [productsQueryOptions.queryKey[0]] }),
      ]);
    },
    onError: (error) => errorToast('Sync failed', messageOf(error, 'Failed to sync the catalogue from Square.')),
  });
}
