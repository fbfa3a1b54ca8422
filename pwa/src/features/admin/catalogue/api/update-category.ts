import { useMutation } from '@tanstack/react-query';
import type { Category, CategoryUpdate } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { useInvalidateCategories } from './categories';

export const updateCategory = ({ id, patch }: { id: number; patch: CategoryUpdate }) =>
  apiFetch<Category>(`/api/categories/${id}`, { method: 'PATCH', body: patch });

export function useUpdateCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: (category) => {
      toast('Category updated', `${category?.name ?? 'The category'} has been updated.`);
      return invalidate();
    },
    onError: (error) => errorToast('Error updating category', messageOf(error, 'Failed to update category')),
  });
}
