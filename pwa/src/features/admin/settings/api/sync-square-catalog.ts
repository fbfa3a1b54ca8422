import type { CatalogSyncResult } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { productsQueryOptions } from '../../../catalogue';
import { useOwnerChange } from '../../api/owner-api';
import { adminCategoriesQueryOptions } from '../../catalogue/api/categories';
import { adminProductsKey } from '../../catalogue/api/catalogue-key';

/** POST /api/square/catalog/sync: Square items and variations into the local catalogue. */
const syncSquareCatalog = () => apiFetch<CatalogSyncResult>('/api/square/catalog/sync', { method: 'POST' });

export const useSyncSquareCatalog = () =>
  useOwnerChange({
    mutationFn: syncSquareCatalog,
    done: (result) => {
      const skipped = result?.skipped ? `, skipped ${result.skipped} (no fixed price)` : '';
      return ['Catalogue synced', `Created ${result?.created ?? 0}, updated ${result?.updated ?? 0}, unchanged ${result?.unchanged ?? 0}${skipped}.`];
    },
    failed: ['Sync failed', 'Failed to sync the catalogue from Square.'],
    refresh: (client) =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminProductsKey }),
        client.invalidateQueries({ queryKey: adminCategoriesQueryOptions.queryKey }),
        client.invalidateQueries({ queryKey: [productsQueryOptions.queryKey[0]] }),
      ]),
  });
