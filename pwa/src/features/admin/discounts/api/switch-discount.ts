import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDiscount } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { toast } from '../../../../ui/toast-store';
import { adminDiscountsQueryOptions } from './discounts';

/** PATCH /api/admin/discounts/{id}: switch a code on or off (a code switched off is refused at the checkout). */
export function useSwitchDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      apiFetch<AdminDiscount>(`/api/admin/discounts/${id}`, { method: 'PATCH', body: { active } }),
    onSuccess: (saved) => {
      toast(
        saved.active ? 'Discount switched on' : 'Discount switched off',
        saved.active ? `${saved.code} can be used again.` : `${saved.code} is refused at the checkout.`,
      );
      return client.invalidateQueries({ queryKey: adminDiscountsQueryOptions.queryKey });
    },
  });
}
