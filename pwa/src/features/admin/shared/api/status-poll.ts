import { queryOptions } from '@tanstack/react-query';

/** Calendar and provider status are polled every 30 s. */
export const STATUS_POLL_MS = 30_000;

/** A status read: never taken as fresh, and asked again every STATUS_POLL_MS while shown. */
export const statusQueryOptions = <T>(queryKey: readonly string[], fetchStatus: (signal?: AbortSignal) => Promise<T>) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetchStatus(signal),
    refetchInterval: STATUS_POLL_MS,
    staleTime: 0,
  });
