import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingsMap } from '@cocoa/shared-types';
import { adminGet } from '../../shared/api/admin-get';

/** GET /api/settings: the allow-listed keys as a key → value map (secrets are never in it). */
export const fetchSettings = (signal?: AbortSignal) => adminGet<SettingsMap>('/api/settings', signal);

export const settingsQueryOptions = queryOptions({
  queryKey: ['admin', 'settings'] as const,
  queryFn: ({ signal }) => fetchSettings(signal),
  staleTime: 0,
});

export const useSettings = () => useQuery(settingsQueryOptions);
