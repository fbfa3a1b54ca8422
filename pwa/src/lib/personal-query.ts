import { queryOptions } from '@tanstack/react-query';

/**
 * Personal data: keyed under 'me' (never kept on the device) and by the user so one account never
 * sees another's, fetched fresh on every visit and dropped as soon as no screen shows it.
 */
export const personalQueryOptions = <T>(key: ReadonlyArray<string | number>, fetch: (signal?: AbortSignal) => Promise<T>) =>
  queryOptions({
    queryKey: ['me', ...key],
    queryFn: ({ signal }) => fetch(signal),
    staleTime: 0,
    gcTime: 0,
  });
