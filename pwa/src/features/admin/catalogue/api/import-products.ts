import type { ImportResult } from '@cocoa/shared-types';
import { useOwnerChange } from '../../api/owner-api';
import { xhrUpload } from '../../shared/upload';
import { invalidateCategories } from './categories';

/** POST /api/products/import (multipart `file`): imported and categories. */
export function importProducts(file: File): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file);
  return xhrUpload<ImportResult>('/api/products/import', form);
}

/** 'Imported N products and M categories.' (M: the categories the sheet created). */
export function importMessage(result: ImportResult | undefined): string {
  return `Imported ${result?.imported ?? 0} products and ${result?.categories?.length ?? 0} categories.`;
}

/** The import, then every catalogue and category view refreshed. */
export const useImportProducts = () =>
  useOwnerChange({
    mutationFn: importProducts,
    done: (result) => ['Import complete', importMessage(result)],
    failed: ['Import failed', 'Failed to import products'],
    refresh: invalidateCategories,
  });
