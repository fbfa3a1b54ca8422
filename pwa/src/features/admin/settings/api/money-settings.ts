import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MoneySettings } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { adminGet } from '../../shared/api/admin-get';

export const moneySettingsQueryOptions = queryOptions({
  queryKey: ['admin', 'money-settings'] as const,
  queryFn: ({ signal }) => adminGet<MoneySettings>('/api/admin/money-settings', signal),
  staleTime: 0,
});

/** GET /api/admin/money-settings: where the shop ships, its shipping and tax rates. */
export const useOwnerMoneySettings = () => useQuery(moneySettingsQueryOptions);

/** PUT /api/admin/money-settings: every rate at once; the checkout prices with them from the next order on. */
export function useSaveMoneySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MoneySettings) => apiFetch<MoneySettings>('/api/admin/money-settings', { method: 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData(moneySettingsQueryOptions.queryKey, saved);
      void client.invalidateQueries({ queryKey: ['money-settings'] });
      toast('Shipping saved', 'The checkout uses these rates from the next order on.');
    },
    onError: (error) => errorToast('Error saving settings', messageOf(error, 'Failed to save the shipping and tax rates.')),
  });
}
