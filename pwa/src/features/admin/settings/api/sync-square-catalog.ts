import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogSyncResult } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { productsQueryOptions } from '../../../catalogue';
import { adminCategoriesQueryOptions } from '../../catalogue/api/categories';
import { adminProductsKey } from '../../catalogue/api/catalogue-key';

/** POST /api/square/catalog/sync: Square items and variations into the local catalogue. */
export const syncSquareCatalog = () => apiFetch<CatalogSyncResult>('/api/square/catalog/sync', { method: 'POST' });

export function useSyncSquareCatalog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: syncSquareCatalog,
    onSuccess: (result) => {
      const skipped = result?.skipped ? `, skipped ${result.skipped} (no fixed price)` : '';
      toast('Catalogue synced', `Created ${result?.created ?? 0}, updated ${result?.updated ?? 0}, unchanged ${result?.unchanged ?? 0}${skipped}.`);
      return Promise.all([
        client.invalidateQueries({ queryKey: adminProductsKey }),
        client.invalidateQueries({ queryKey: adminCategoriesQueryOptions.queryKey }),
        client.invalidateQueries({ queryKey: [productsQueryOptions.queryKey[0]] }),
      ]);
    },
    onError: (error) => errorToast('Sync failed', messageOf(error, 'Failed to sync the catalogue from Square.')),
  });
}
