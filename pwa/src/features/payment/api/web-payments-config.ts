import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebPaymentsConfig } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';

/**
 * GET /api/square/web-payments/config: Square's ids when connected, else test mode. 'no-store'
 * also passes the service worker's stale-while-revalidate copy of /api/square/*: a test-mode
 * answer from before the owner connected Square must never pick the card form.
 */
export const fetchWebPaymentsConfig = (signal?: AbortSignal) => apiFetch<WebPaymentsConfig>('/api/square/web-payments/config', { signal, cache: 'no-store' });

export const webPaymentsConfigQueryOptions = queryOptions({
  queryKey: ['square', 'web-payments-config'] as const,
  queryFn: ({ signal }) => fetchWebPaymentsConfig(signal),
  // The owner may connect Square at any time: ask again on each payment step, keep no copy.
  staleTime: 0,
  gcTime: 0,
  refetchOnMount: 'always',
});

export const useWebPaymentsConfig = () => useQuery(webPaymentsConfigQueryOptions);
