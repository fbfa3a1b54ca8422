import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MoneySettings } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';

export const moneySettingsQueryOptions = queryOptions({
  queryKey: ['money-settings'] as const,
  queryFn: ({ signal }) => apiFetch<MoneySettings>('/api/money-settings', { signal }),
  staleTime: 60_000,
  retry: 2,
});

/**
 * GET /api/money-settings: where the shop ships, its shipping and tax rates. The cart and the
 * checkout price an order with them as the server does (priceOrder), so the buyer sees the total
 * the card is charged.
 */
export const useMoneySettings = () => useQuery(moneySettingsQueryOptions);
