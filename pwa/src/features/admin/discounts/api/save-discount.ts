import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDiscount, DiscountFormInput } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { toast } from '../../../../ui/toast-store';
import { adminDiscountsQueryOptions } from './discounts';

/** POST /api/admin/discounts or PUT …/{id}: the whole form. */
export function useSaveDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: DiscountFormInput }) =>
      id
        ? apiFetch<AdminDiscount>(`/api/admin/discounts/${id}`, { method: 'PUT', body })
        : apiFetch<AdminDiscount>('/api/admin/discounts', { method: 'POST', body }),
    onSuccess: (saved, { id }) => {
      toast(id ? 'Discount saved' : 'Discount added', saved.active ? `${saved.code} can be used at the checkout.` : `${saved.code} is switched off.`);
      return client.invalidateQueries({ queryKey: adminDiscountsQueryOptions.queryKey });
    },
  });
}
