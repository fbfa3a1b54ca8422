import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShopIdentityInput, ShopIdentitySettings } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { shopIdentityQueryOptions } from '../../../../lib/shop-identity';
import { errorToast, toast } from '../../../../ui/toast-store';
import { adminGet } from '../../shared/api/admin-get';
import { goLiveQueryOptions } from '../../go-live/api/go-live';

export const shopIdentitySettingsQueryOptions = queryOptions({
  queryKey: ['admin', 'shop-identity'] as const,
  queryFn: ({ signal }) => adminGet<ShopIdentitySettings>('/api/settings/shop-identity', signal),
  staleTime: 0,
});

/** GET /api/settings/shop-identity: the fields as saved ('' when unset) and the identity customers see. */
export const useShopIdentitySettings = () => useQuery(shopIdentitySettingsQueryOptions);

/** PUT /api/settings/shop-identity: every field at once; the storefront, e-mails and checklist follow. */
export function useSaveShopIdentity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopIdentityInput) => apiFetch<ShopIdentitySettings>('/api/settings/shop-identity', { method: 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData(shopIdentitySettingsQueryOptions.queryKey, saved);
      client.setQueryData(shopIdentityQueryOptions.queryKey, saved.identity);
      void client.invalidateQueries({ queryKey: goLiveQueryOptions.queryKey });
      toast('Shop details saved', 'The storefront and every e-mail show them from now on.');
    },
    onError: (error) => errorToast('Error saving the shop details', messageOf(error, 'Failed to save the shop details.')),
  });
}
