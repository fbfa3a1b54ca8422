import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MapConfig } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';

/** GET /api/events/map-config: the server's TILE_URL template and attribution. */
export const fetchMapConfig = (signal?: AbortSignal) => apiFetch<MapConfig>('/api/events/map-config', { signal });

export const mapConfigQueryOptions = queryOptions({
  queryKey: ['events', 'map-config'] as const,
  queryFn: ({ signal }) => fetchMapConfig(signal),
  staleTime: 60 * 60 * 1000,
});

export const useMapConfig = () => useQuery(mapConfigQueryOptions);
