import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
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

/**
 * The answers the server painted the stop's page from (its first screen's data block, seeded by
 * seedStopPickup): read for this very visit, as the page was asked for. The app takes the page
 * over with one without asking again. Only for a short while after it was seeded: long enough for
 * the page's code to arrive on a slow connection, short enough that a later visit asks.
 */
const painted = new WeakSet<StopPickup>();
const PAINTED_FOR_MS = 30_000;

const justPainted = (data: StopPickup | null | undefined, updatedAt: number) => data != null && painted.has(data) && Date.now() - updatedAt < PAINTED_FOR_MS;

/**
 * Places go as orders come in: asked again on every visit (but the one the server's first screen
 * just answered); the copy kept on the device shows offline.
 */
export const stopPickupQueryOptions = (stopId: string) =>
  queryOptions({
    queryKey: ['stops', stopId, 'pickup'] as const,
    queryFn: ({ signal }) => fetchStopPickup(stopId, signal),
    staleTime: 0,
    refetchOnMount: (query) => (justPainted(query.state.data, query.state.dataUpdatedAt) ? false : 'always'),
  });

/** The stop's answer in the server's first screen, under the key the page asks by (its path's id). */
export function seedStopPickup(client: QueryClient, pickup: StopPickup): void {
  const kept = client.setQueryData(stopPickupQueryOptions(String(pickup.stopId)).queryKey, pickup);
  if (kept) painted.add(kept);
}

export const useStopPickup = (stopId: string) => useQuery({ ...stopPickupQueryOptions(stopId), enabled: isStopId(stopId) });
