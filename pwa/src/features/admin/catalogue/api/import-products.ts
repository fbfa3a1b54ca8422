import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '@cocoa/shared-types';
import { messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { catalogCategoriesQueryOptions, categoriesQueryOptions } from '../../../catalogue';
import { xhrUpload } from '../../shared/upload';
import { adminCategoriesQueryOptions } from './categories';
import { invalidateCatalogue } from './catalogue-key';

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

export function useImportProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importProducts,
    onSuccess: (result) => {
      toast('Import complete', importMessage(result));
      return Promise.all([
        invalidateCatalogue(client),
        client.invalidateQueries({ queryKey: adminCategoriesQueryOptions.queryKey }),
        client.invalidateQueries({ queryKey: categoriesQueryOptions.queryKey }),
        client.invalidateQueries({ queryKey: catalogCategoriesQueryOptions.queryKey }),
      ]);
    },
    onError: (error) => errorToast('Import failed', messageOf(error, 'Failed to import products')),
  });
}
