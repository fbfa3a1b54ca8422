import { useMutation } from '@tanstack/react-query';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { useInvalidateCategories } from './categories';

export const deleteCategory = (id: number) => apiFetch<void>(`/api/categories/${id}`, { method: 'DELETE' });

export function useDeleteCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => {
      toast('Category deleted', 'The category has been deleted.');
      return invalidate();
    },
    onError: (error) => errorToast('Error deleting category', messageOf(error, 'Failed to delete category')),
  });
}
