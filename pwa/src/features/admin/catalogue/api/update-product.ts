import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProduct, ProductUpdate } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { invalidateCatalogue } from './catalogue-key';

export const updateProduct = ({ id, patch }: { id: number; patch: ProductUpdate }) =>
  apiFetch<AdminProduct>(`/api/products/${id}`, { method: 'PATCH', body: patch });

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
