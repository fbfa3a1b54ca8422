import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-fetch';
import { toast } from '../../../../ui/toast-store';
import { adminDiscountsQueryOptions } from './discounts';

/** DELETE /api/admin/discounts/{id}: only a code never used (the server refuses a used one: switch it off instead). */
export function useDeleteDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number; code: string }) => apiFetch<void>(`/api/admin/discounts/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, { code }) => {
      toast('Discount deleted', `${code} is gone.`);
      return client.invalidateQueries({ queryKey: adminDiscountsQueryOptions.queryKey });
    },
  });
}
