import { apiFetch } from '../../../../lib/api-fetch';
import { useOwnerChange } from '../../api/owner-api';
import { imagesQueryOptions } from './images';

/** POST /api/images/delete {imagePath}. */
const deleteImage = (imagePath: string) => apiFetch<unknown>('/api/images/delete', { method: 'POST', body: { imagePath } });

export const useDeleteImage = () =>
  useOwnerChange({
    mutationFn: deleteImage,
    done: () => ['Image deleted', 'The image has been deleted.'],
    failed: ['Error', 'Failed to delete image'],
    refresh: (client) => client.invalidateQueries({ queryKey: imagesQueryOptions.queryKey }),
  });
