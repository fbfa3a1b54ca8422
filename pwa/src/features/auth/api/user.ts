import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasSignedInHint, type User } from '@cocoa/shared-types';
import { ApiError, apiFetch } from '../../../lib/api-fetch';

/**
 * GET /api/user: the signed-in user; a 401 means nobody (null), not an error. Without the
 * signed-in hint cookie there is certainly no session: nobody, and no call (no 401 in the console).
 */
export async function fetchUser(signal?: AbortSignal): Promise<User | null> {
  if (!hasSignedInHint(document.cookie)) return null;
  try {
    return await apiFetch<User>('/api/user', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const userQueryOptions = queryOptions({
  queryKey: ['user'] as const,
  queryFn: ({ signal }) => fetchUser(signal),
  // The session lives on the server: check it on every load (the persisted copy shows meanwhile).
  staleTime: 0,
});

/** When this page was loaded: a user answer older than this is the persisted copy, not this visit's check. */
const pageLoadedAt = Date.now();

/**
 * The user, and whether that answer can be acted on. The persisted copy shows at once, but a
 * persisted "nobody" is never final: it may predate a sign-in (the cache is written to storage at
 * most once a second), so `isLoading` stays true until this visit's check of the session answers.
 * `checkFailed`: that check could not be made (offline, server away) and no user is known, so a
 * guard can say so instead of turning a signed-in person away.
 */
export function useUser() {
  const query = useQuery(userQueryOptions);
  const user = query.data ?? null;
  // No user, and no answer of this visit's saying so.
  const unknown = query.data === undefined || (query.data === null && query.dataUpdatedAt < pageLoadedAt);
  const checkFailed = unknown && query.isError && !query.isFetching;
  return { user, isLoading: unknown && !checkFailed, checkFailed, query };
}

export function displayName(user: Pick<User, 'firstName' | 'username'>): string {
  return user.firstName?.trim() || user.username;
}
