import { type QueryClient, type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';
import { adminGet } from '../shared/api/admin-get';

/** One of the owner's reads: fetched past every cache, fresh on every visit. */
export const adminQueryOptions = <T>(queryKey: ReadonlyArray<string | number>, path: string) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => adminGet<T>(path, signal),
    staleTime: 0,
  });

interface OwnerChange<TInput, TResult> {
  mutationFn: (input: TInput) => Promise<TResult>;
  /** The toast's title and text once the change is made. */
  done: (result: TResult, input: TInput) => readonly [string, string];
  /** The error toast's title and its text when the answer gives no message; without it the caller shows the error. */
  failed?: readonly [string, string];
  /** What the answer refreshes; a promise returned here keeps the change pending until it settles. */
  refresh?: (client: QueryClient, result: TResult) => unknown;
}

/** A change the owner makes: the call, a toast saying what happened (or why not), then what it refreshes. */
export function useOwnerChange<TInput = void, TResult = unknown>({ mutationFn, done, failed, refresh }: OwnerChange<TInput, TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result, input) => {
      toast(...done(result, input));
      return refresh?.(client, result);
    },
    onError: failed && ((error: Error) => errorToast(failed[0], messageOf(error, failed[1]))),
  });
}

/**
 * Saving one of the owner's settings: PUT every field at once to `path`; the answer replaces what
 * `read` holds, then `refresh` updates whatever else shows it.
 */
export const useSaveOwnerSettings = <TInput, TSaved>(path: string, read: { queryKey: QueryKey }, change: Omit<OwnerChange<TInput, TSaved>, 'mutationFn'>) =>
  useOwnerChange<TInput, TSaved>({
    ...change,
    mutationFn: (body) => apiFetch<TSaved>(path, { method: 'PUT', body }),
    refresh: (client, saved) => {
      client.setQueryData(read.queryKey, saved);
      return change.refresh?.(client, saved);
    },
  });

/** Saves a whole item of one of the owner's lists at `path`: POST adds a new one, PUT `${path}/${id}` replaces one. */
export const saveListItem =
  <TBody, TSaved>(path: string) =>
  ({ id, body }: { id?: number; body: TBody }) =>
    apiFetch<TSaved>(id ? `${path}/${id}` : path, { method: id ? 'PUT' : 'POST', body });
