import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImageBulkDeleteResult } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { imagesQueryOptions } from './images';

/** POST /api/images/bulk-delete {imagePaths}: results.success[] and results.failed[]. */
export const bulkDeleteImages = (imagePaths: string[]) => apiFetch<ImageBulkDeleteResult>('/api/images/bulk-delete', { method: 'POST', body: { imagePaths } });

export function useBulkDeleteImages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteImages,
    onSuccess: (answer) => {
      const deleted = answer?.results?.success?.length ?? 0;
      const failed = answer?.results?.failed?.length ?? 0;
      if (failed > 0) errorToast('Some images were not deleted', `${failed} image(s) could not be deleted`);
      else toast('Images deleted', `${deleted} image(s) deleted.`);
      return client.invalidateQueries({ queryKey: imagesQueryOptions.queryKey });
    },
    onError: (error) => errorToast('Error', messageOf(error, 'Failed to delete images')),
  });
}
