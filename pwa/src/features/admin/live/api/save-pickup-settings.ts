import type { PickupSettings } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { useOwnerChange } from '../../api/owner-api';
import { pickupSettingsQueryOptions } from './pickup-settings';

/** PUT /api/admin/pickup/settings: every rule at once (busy mode is one of them). */
export const useSavePickupSettings = () =>
  useOwnerChange({
    mutationFn: (body: PickupSettings) => apiFetch<PickupSettings>('/api/admin/pickup/settings', { method: 'PUT', body }),
    done: (saved) =>
      saved.paused
        ? ['Orders ahead paused', 'Customers read your message until you take orders again.']
        : ['Taking orders ahead', 'New orders follow these settings from now on.'],
    refresh: (client, saved) => void client.setQueryData(pickupSettingsQueryOptions.queryKey, saved),
  });
