import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { imagesQueryOptions } from './images';

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
