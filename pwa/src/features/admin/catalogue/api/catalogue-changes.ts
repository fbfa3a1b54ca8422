import type { AdminProduct, Category, CategoryCreate, CategoryUpdate, ProductCreate, ProductUpdate } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { useOwnerChange } from '../../api/owner-api';
import { invalidateCategories } from './categories';
import { invalidateCatalogue } from './catalogue-key';

const ACTIONS = {
  create: { done: 'created', doing: 'creating' },
  update: { done: 'updated', doing: 'updating' },
  delete: { done: 'deleted', doing: 'deleting' },
} as const;

const NOUNS = {
  product: { title: 'Product', refresh: invalidateCatalogue },
  category: { title: 'Category', refresh: invalidateCategories },
} as const;

/** 'Product created' / 'Classic Hot Cocoa has been created.'; 'Error creating product' / 'Failed to create product'. */
function useCatalogueChange<TInput>(noun: keyof typeof NOUNS, action: keyof typeof ACTIONS, mutationFn: (input: TInput) => Promise<{ name?: string } | void>) {
  const { done, doing } = ACTIONS[action];
  return useOwnerChange({
    mutationFn,
    done: (saved) => [`${NOUNS[noun].title} ${done}`, `${saved?.name ?? `The ${noun}`} has been ${done}.`],
    failed: [`Error ${doing} ${noun}`, `Failed to ${action} ${noun}`],
    refresh: NOUNS[noun].refresh,
  });
}

/** POST {path}, PATCH {path}/{id} and DELETE {path}/{id} of one kind of catalogue entry. */
function catalogueChanges<T extends { name?: string }, TCreate, TUpdate>(noun: keyof typeof NOUNS, path: string) {
  return {
    useCreate: () => useCatalogueChange(noun, 'create', (body: TCreate) => apiFetch<T>(path, { method: 'POST', body })),
    useUpdate: () =>
      useCatalogueChange(noun, 'update', ({ id, patch }: { id: number; patch: TUpdate }) => apiFetch<T>(`${path}/${id}`, { method: 'PATCH', body: patch })),
    useDelete: () => useCatalogueChange(noun, 'delete', (id: number) => apiFetch<void>(`${path}/${id}`, { method: 'DELETE' })),
  };
}

export const {
  useCreate: useCreateProduct,
  useUpdate: useUpdateProduct,
  useDelete: useDeleteProduct,
} = catalogueChanges<AdminProduct, ProductCreate, ProductUpdate>('product', '/api/products');

export const {
  useCreate: useCreateCategory,
  useUpdate: useUpdateCategory,
  useDelete: useDeleteCategory,
} = catalogueChanges<Category, CategoryCreate, CategoryUpdate>('category', '/api/categories');
