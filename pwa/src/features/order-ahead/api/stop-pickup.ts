import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StopPickup } from '@cocoa/shared-types';
import { ApiError, apiFetch } from '../../../lib/api-fetch';

/** A stop's id as its page's path holds it: digits only (anything else is no stop). */
export const isStopId = (id: string) => /^[1-9]\d{0,9}$/.test(id);

/**
 * GET /api/stops/{id}/pickup: the stop, its menu and the pickup times still open (or why it takes
 * no orders now); null when there is no such stop (404).
 */
export async function fetchStopPickup(stopId: string, signal?: AbortSignal): Promise<StopPickup | null> {
  try {
    return await apiFetch<StopPickup>(`/api/stops/${encodeURIComponent(stopId)}/pickup`, { signal, cache: 'no-store' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Places go as orders come in: asked again on every visit; the copy kept on the device shows offline. */
export const stopPickupQueryOptions = (stopId: string) =>
  queryOptions({
    queryKey: ['stops', stopId, 'pickup'] as const,
    queryFn: ({ signal }) => fetchStopPickup(stopId, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const useStopPickup = (stopId: string) => useQuery({ ...stopPickupQueryOptions(stopId), enabled: isStopId(stopId) });
