import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PickupSettings } from '@cocoa/shared-types';
import { adminGet } from '../../shared/api/admin-get';

export const pickupSettingsQueryOptions = queryOptions({
  queryKey: ['admin', 'pickup', 'settings'] as const,
  queryFn: ({ signal }) => adminGet<PickupSettings>('/api/admin/pickup/settings', signal),
  staleTime: 0,
});

/** GET /api/admin/pickup/settings: the rules for ordering ahead and busy mode. */
export const usePickupSettings = () => useQuery(pickupSettingsQueryOptions);
