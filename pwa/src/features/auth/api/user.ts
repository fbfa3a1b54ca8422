import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@cocoa/shared-types';
import { ApiError, apiFetch } from '../../../lib/api-fetch';

/** GET /api/user: the signed-in user; a 401 means nobody (null), not an error. */
export async function fetchUser(signal?: AbortSignal): Promise<User | null> {
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

export function useUser() {
  const query = useQuery(userQueryOptions);
  return { user: query.data ?? null, isLoading: query.isPending, query };
}

export function displayName(user: Pick<User, 'firstName' | 'username'>): string {
  return user.firstName?.trim() || user.username;
}
