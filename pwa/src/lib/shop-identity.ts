import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopIdentity } from '@cocoa/shared-types';
import { apiFetch } from './api-fetch';

const FIVE_MINUTES = 5 * 60 * 1000;

/** GET /api/shop: the shop's name, logo, address, phone, e-mail, hours and social links (the owner's, the demo's where unset). */
export const shopIdentityQueryOptions = queryOptions({
  queryKey: ['shop'] as const,
  queryFn: ({ signal }) => apiFetch<ShopIdentity>('/api/shop', { signal }),
  staleTime: FIVE_MINUTES,
  retry: 2,
});

/**
 * The shop as customers see it; undefined while it loads (the server's first screens and the kept
 * cache have it at once). Nothing shows a demo value in its place meanwhile.
 */
export function useShopIdentity(): ShopIdentity | undefined {
  return useQuery(shopIdentityQueryOptions).data;
}
