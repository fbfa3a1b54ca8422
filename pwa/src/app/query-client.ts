import { defaultShouldDehydrateQuery, type Query, QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { DAY_MS } from '@cocoa/shared-types';
import { PERSISTED_QUERIES_KEY } from '../lib/persisted-queries';

/**
 * No refetch on window focus, no polling, data never stale, no retries by default.
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

function createPersister() {
  return createSyncStoragePersister({ storage: window.localStorage, key: PERSISTED_QUERIES_KEY });
}

/**
 * Before the first render: the persisted cache (catalogue, events, user) back into `client`, then
 * every change saved. What PersistQueryClientProvider does after mounting, done first: its
 * 'restoring' flag flipped once restored, which re-rendered every query of the first screen in one
 * long task on a slow phone. Restored after the page's own data is seeded, a query keeps whichever
 * of the two is newer (TanStack's hydrate). A store that cannot be read is dropped (by TanStack),
 * and the app starts without it.
 */
export function restorePersistedQueries(client: QueryClient, persister = createPersister()): Promise<void> {
  const options = {
    queryClient: client,
    persister,
    maxAge: PERSIST_MAX_AGE_MS,
    buster: 'v1',
    dehydrateOptions: { shouldDehydrateQuery: persistable },
  };
  return persistQueryClientRestore(options)
    .catch(() => undefined)
    .then(() => void persistQueryClientSubscribe(options));
}

/** The keys of personal data and of the admin's: held in memory, never written to localStorage. */
const NOT_PERSISTED: ReadonlySet<unknown> = new Set([
  'me', // a customer's orders and profile
  'order', // an order's page: address, e-mail
  'orders', // the order just placed (the confirmation page): the same
  'admin', // the dashboard: customers, settings, backups, images, merchant id
]);

/** Personal data and the admin dashboard's data stay in memory, never in localStorage. */
export function persistable(query: Query): boolean {
  return defaultShouldDehydrateQuery(query) && !NOT_PERSISTED.has(query.queryKey[0]);
}
