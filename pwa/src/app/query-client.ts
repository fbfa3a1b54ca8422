import { QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * SPEC §9: no refetch on window focus, no polling, data never stale, no retries by default.
 * gcTime is a day so the persisted cache (catalogue, events, user) outlives a closed browser.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        retry: false,
        gcTime: DAY_MS,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false },
    },
  });
}

export const PERSIST_MAX_AGE_MS = DAY_MS * 7;

export function createPersister() {
  return createSyncStoragePersister({ storage: window.localStorage, key: 'cocoa-query-cache' });
}
