import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminProduct, ProductCreate, ProductUpdate } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../lib/api-fetch';
import { errorToast, toast } from '../../../ui/toast-store';
import { featuredProductsQueryOptions, productsQueryOptions } from '../../catalogue';
import { adminGetList } from './admin-get';

export const ADMIN_PAGE_SIZE = 25;
export const adminProductsKey = ['admin', 'products'] as const;

/** GET /api/products?search=&limit=&offset= (admin list: the owner's In stock switch, stock count and threshold). */
export function fetchAdminProducts(params: { search: string; page: number }, signal?: AbortSignal): Promise<AdminProduct[]> {
  const query = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE + 1), offset: String(params.page * ADMIN_PAGE_SIZE) });
  if (params.search.trim()) query.set('search', params.search.trim());
  return adminGetList<AdminProduct>(`/api/products?${query.toString()}`, signal);
}

/** One page; one extra row is asked for to know whether a next page exists. */
export const adminProductsQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: [...adminProductsKey, { search: search.trim(), page }] as const,
    queryFn: ({ signal }) => fetchAdminProducts({ search, page }, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useAdminProducts = (search: string, page: number) => useQuery(adminProductsQueryOptions(search, page));

/** The admin list and every public catalogue view see a change at once. */
export function invalidateCatalogue(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: adminProductsKey }),
    client.invalidateQueries({ queryKey: [productsQueryOptions.queryKey[0]] }),
    client.invalidateQueries({ queryKey: featuredProductsQueryOptions.queryKey }),
  ]);
}

export const createProduct = (body: ProductCreate) => apiFetch<AdminProduct>('/api/products', { method: 'POST', body });
export const updateProduct = ({ id, patch }: { id: number; patch: ProductUpdate }) =>
  apiFetch<AdminProduct>(`/api/products/${id}`, { method: 'PATCH', body: patch });
export const deleteProduct = (id: number) => apiFetch<void>(`/api/products/${id}`, { method: 'DELETE' });

export function useCreateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: (product) => {
      toast('Product created', `${product?.name ?? 'The product'} has been created.`);
      return invalidateCatalogue(client);
    },
    onError: (error) => errorToast('Error creating product', messageOf(error, 'Failed to create product')),
  });
}

export function useUpdateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (product) => {
      toast('Product updated', `${product?.name ?? 'The product'} has been updated.`);
      return invalidateCatalogue(client);
    },
    onError: (error) => errorToast('Error updating product', messageOf(error, 'Failed to update product')),
  });
}

export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => {
      toast('Product deleted', 'The product has been deleted.');
      return invalidateCatalogue(client);
    },
    onError: (error) => errorToast('Error deleting product', messageOf(error, 'Failed to delete product')),
  });
}
