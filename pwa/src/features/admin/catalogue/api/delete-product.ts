import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { invalidateCatalogue } from './catalogue-key';

export const deleteProduct = (id: number) => apiFetch<void>(`/api/products/${id}`, { method: 'DELETE' });

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
