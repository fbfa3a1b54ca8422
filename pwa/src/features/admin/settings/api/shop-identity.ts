import { useQuery } from '@tanstack/react-query';
import type { ShopIdentityInput, ShopIdentitySettings } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { shopIdentityQueryOptions } from '../../../../lib/shop-identity';
import { adminQueryOptions, useOwnerChange } from '../../api/owner-api';
import { goLiveQueryOptions } from '../../go-live/api/go-live';

export const shopIdentitySettingsQueryOptions = adminQueryOptions<ShopIdentitySettings>(['admin', 'shop-identity'], '/api/settings/shop-identity');

/** GET /api/settings/shop-identity: the fields as saved ('' when unset) and the identity customers see. */
export const useShopIdentitySettings = () => useQuery(shopIdentitySettingsQueryOptions);

/** PUT /api/settings/shop-identity: every field at once; the storefront, e-mails and checklist follow. */
export const useSaveShopIdentity = () =>
  useOwnerChange({
    mutationFn: (body: ShopIdentityInput) => apiFetch<ShopIdentitySettings>('/api/settings/shop-identity', { method: 'PUT', body }),
    done: () => ['Shop details saved', 'The storefront and every e-mail show them from now on.'],
    failed: ['Error saving the shop details', 'Failed to save the shop details.'],
    refresh: (client, saved) => {
      client.setQueryData(shopIdentitySettingsQueryOptions.queryKey, saved);
      client.setQueryData(shopIdentityQueryOptions.queryKey, saved.identity);
      void client.invalidateQueries({ queryKey: goLiveQueryOptions.queryKey });
    },
  });
