import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImageBulkDeleteResult, ImageInfo } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';
import { adminGet } from './admin-get';

/** An image of the library (path, filename, size, createdAt). */
export type LibraryImage = ImageInfo;

/** GET /api/images: images[] (path, filename, size, createdAt), newest first. */
export async function fetchImages(signal?: AbortSignal): Promise<LibraryImage[]> {
  const answer = await adminGet<{ images?: LibraryImage[] } | LibraryImage[]>('/api/images', signal);
  const images = Array.isArray(answer) ? answer : Array.isArray(answer?.images) ? answer.images : [];
  return [...images].sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
}

export const imagesQueryOptions = queryOptions({
  queryKey: ['admin', 'images'] as const,
  queryFn: ({ signal }) => fetchImages(signal),
  staleTime: 0,
});

export const useImages = () => useQuery(imagesQueryOptions);

/** POST /api/images/delete {imagePath}. */
export const deleteImage = (imagePath: string) => apiFetch<unknown>('/api/images/delete', { method: 'POST', body: { imagePath } });

export function useDeleteImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteImage,
    onSuccess: () => {
      toast('Image deleted', 'The image has been deleted.');
      return client.invalidateQueries({ queryKey: imagesQueryOptions.queryKey });
    },
    onError: (error) => errorToast('Error', messageOf(error, 'Failed to delete image')),
  });
}

/** POST /api/images/bulk-delete {imagePaths}: results.success[] and results.failed[]. */
export const bulkDeleteImages = (imagePaths: string[]) =>
  apiFetch<ImageBulkDeleteResult>('/api/images/bulk-delete', { method: 'POST', body: { imagePaths } });

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
