import { apiFetch } from '../../../../lib/api-fetch';

/**
 * The dashboard's reads: cache 'no-store', so neither the HTTP cache nor the service worker's
 * stale-while-revalidate caches (categories, /api/square/*) answer with a copy from before a change.
 */
export const adminGet = <T>(path: string, signal?: AbortSignal) => apiFetch<T>(path, { signal, cache: 'no-store' });

/** A list read: a non-array answer is an empty list, logged. */
export async function adminGetList<T>(path: string, signal?: AbortSignal): Promise<T[]> {
  const data = await adminGet<unknown>(path, signal);
  if (!Array.isArray(data)) {
    console.warn(`Expected a list from ${path}, got`, data);
    return [];
  }
  return data as T[];
}
