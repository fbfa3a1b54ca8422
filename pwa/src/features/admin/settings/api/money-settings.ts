import { useQuery } from '@tanstack/react-query';
import type { MoneySettings } from '@cocoa/shared-types';
import { adminQueryOptions, useSaveOwnerSettings } from '../../api/owner-api';

const PATH = '/api/admin/money-settings';

export const moneySettingsQueryOptions = adminQueryOptions<MoneySettings>(['admin', 'money-settings'], PATH);

/** GET /api/admin/money-settings: where the shop ships, its shipping and tax rates. */
export const useOwnerMoneySettings = () => useQuery(moneySettingsQueryOptions);

/** PUT /api/admin/money-settings: every rate at once; the checkout prices with them from the next order on. */
export const useSaveMoneySettings = () =>
  useSaveOwnerSettings<MoneySettings, MoneySettings>(PATH, moneySettingsQueryOptions, {
    done: () => ['Shipping saved', 'The checkout uses these rates from the next order on.'],
    failed: ['Error saving settings', 'Failed to save the shipping and tax rates.'],
    refresh: (client) => void client.invalidateQueries({ queryKey: ['money-settings'] }),
  });
