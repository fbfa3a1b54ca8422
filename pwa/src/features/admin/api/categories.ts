import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryCreate, CategoryUpdate } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';
import { catalogCategoriesQueryOptions, categoriesQueryOptions } from '../../catalogue';
import { adminGetList } from './admin-get';
import { invalidateCatalogue } from './products';

/** GET /api/categories read past every cache (the public list may be a stale-while-revalidate copy). */
export const fetchAdminCategories = (signal?: AbortSignal) => adminGetList<Category>('/api/categories', signal);

export const adminCategoriesQueryOptions = queryOptions({
  queryKey: ['admin', 'categories'] as const,
  queryFn: ({ signal }) => fetchAdminCategories(signal),
  staleTime: 0,
});

export const useAdminCategories = () => useQuery(adminCategoriesQueryOptions);

export const createCategory = (body: CategoryCreate) => apiFetch<Category>('/api/categories', { method: 'POST', body });
export const updateCategory = ({ id, patch }: { id: number; patch: CategoryUpdate }) =>
  apiFetch<Category>(`/api/categories/${id}`, { method: 'PATCH', body: patch });
export const deleteCategory = (id: number) => apiFetch<void>(`/api/categories/${id}`, { method: 'DELETE' });

function useInvalidateCategories() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminCategoriesQueryOptions.queryKey }),
      client.invalidateQueries({ queryKey: categoriesQueryOptions.queryKey }),
      client.invalidateQueries({ queryKey: catalogCategoriesQueryOptions.queryKey }),
      invalidateCatalogue(client),
    ]);
}

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
