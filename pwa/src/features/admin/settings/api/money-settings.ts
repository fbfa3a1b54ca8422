import { useQuery } from '@tanstack/react-query';
import type { MoneySettings } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { adminQueryOptions, useOwnerChange } from '../../api/owner-api';

export const moneySettingsQueryOptions = adminQueryOptions<MoneySettings>(['admin', 'money-settings'], '/api/admin/money-settings');

/** GET /api/admin/money-settings: where the shop ships, its shipping and tax rates. */
export const useOwnerMoneySettings = () => useQuery(moneySettingsQueryOptions);

/** PUT /api/admin/money-settings: every rate at once; the checkout prices with them from the next order on. */
export const useSaveMoneySettings = () =>
  useOwnerChange({
    mutationFn: (body: MoneySettings) => apiFetch<MoneySettings>('/api/admin/money-settings', { method: 'PUT', body }),
    done: () => ['Shipping saved', 'The checkout uses these rates from the next order on.'],
    failed: ['Error saving settings', 'Failed to save the shipping and tax rates.'],
    refresh: (client, saved) => {
      client.setQueryData(moneySettingsQueryOptions.queryKey, saved);
      void client.invalidateQueries({ queryKey: ['money-settings'] });
    },
  });
