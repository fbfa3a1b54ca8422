import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PickupSettings } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { toast } from '../../../../ui/toast-store';
import { pickupSettingsQueryOptions } from './pickup-settings';

/** PUT /api/admin/pickup/settings: every rule at once (busy mode is one of them). */
export function useSavePickupSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PickupSettings) => apiFetch<PickupSettings>('/api/admin/pickup/settings', { method: 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData(pickupSettingsQueryOptions.queryKey, saved);
      if (saved.paused) toast('Orders ahead paused', 'Customers read your message until you take orders again.');
      else toast('Taking orders ahead', 'New orders follow these settings from now on.');
    },
  });
}
