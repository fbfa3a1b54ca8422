import { useQuery } from '@tanstack/react-query';
import type { ShopIdentityInput, ShopIdentitySettings } from '@cocoa/shared-types';
import { shopIdentityQueryOptions } from '../../../../lib/shop-identity';
import { adminQueryOptions, useSaveOwnerSettings } from '../../api/owner-api';
import { goLiveQueryOptions } from '../../go-live/api/go-live';

const PATH = '/api/settings/shop-identity';

export const shopIdentitySettingsQueryOptions = adminQueryOptions<ShopIdentitySettings>(['admin', 'shop-identity'], PATH);

/** GET /api/settings/shop-identity: the fields as saved ('' when unset) and the identity customers see. */
export const useShopIdentitySettings = () => useQuery(shopIdentitySettingsQueryOptions);

/** PUT /api/settings/shop-identity: every field at once; the storefront, e-mails and checklist follow. */
export const useSaveShopIdentity = () =>
  useSaveOwnerSettings<ShopIdentityInput, ShopIdentitySettings>(PATH, shopIdentitySettingsQueryOptions, {
    done: () => ['Shop details saved', 'The storefront and every e-mail show them from now on.'],
    failed: ['Error saving the shop details', 'Failed to save the shop details.'],
    refresh: (client, saved) => {
      client.setQueryData(shopIdentityQueryOptions.queryKey, saved.identity);
      void client.invalidateQueries({ queryKey: goLiveQueryOptions.queryKey });
    },
  });
