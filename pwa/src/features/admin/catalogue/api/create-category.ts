import { useMutation } from '@tanstack/react-query';
import type { Category, CategoryCreate } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { useInvalidateCategories } from './categories';

export const createCategory = (body: CategoryCreate) => apiFetch<Category>('/api/categories', { method: 'POST', body });

export function useCreateCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: (category) => {
      toast('Category created', `${category?.name ?? 'The category'} has been created.`);
      return invalidate();
    },
    onError: (error) => errorToast('Error creating category', messageOf(error, 'Failed to create category')),
  });
}
