import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, ProductCreate } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { invalidateCatalogue } from './catalogue-key';

export const createProduct = (body: ProductCreate) => apiFetch<AdminProduct>('/api/products', { method: 'POST', body });

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
