import { queryOptions, useQuery } from '@tanstack/react-query';
import { type OrderView, PICKUP_OPEN_STATES } from '@cocoa/shared-types';
import { apiFetch } from '../../../lib/api-fetch';

/**
 * GET /api/orders/{id}[?token=]: one order, for its signed-in owner or for anyone holding the
 * order link's token (403 not valid, 410 expired, 404 not found or not theirs); the checkout's
 * confirmation page asks without a token.
 */
export function fetchOrder(id: string, token: string | null, signal?: AbortSignal): Promise<OrderView> {
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return apiFetch<OrderView>(`/api/orders/${encodeURIComponent(id)}${query}`, { signal, cache: 'no-store' });
}

/** How often a pickup order still waiting is asked again: "Ready" shows within this. */
export const PICKUP_POLL_MS = 2000;

/** A pickup order not yet picked up (or cancelled, or not collected): its status still moves. */
const pickupWaiting = (order: OrderView | undefined) => !!order?.pickup && PICKUP_OPEN_STATES.includes(order.pickup.status);

/**
 * Personal data: fetched fresh on each visit and not kept once the page is gone. A pickup order
 * still waiting is asked again every PICKUP_POLL_MS while its page is on screen, until it ends.
 */
export const orderQueryOptions = (id: string, token: string | null, userId: number | null) =>
  queryOptions({
    queryKey: ['order', id, token ?? '', userId ?? 0] as const,
    queryFn: ({ signal }) => fetchOrder(id, token, signal),
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => (pickupWaiting(query.state.data) ? PICKUP_POLL_MS : false),
  });

export const useOrder = (id: string, token: string | null, userId: number | null, enabled: boolean) =>
  useQuery({ ...orderQueryOptions(id, token, userId), enabled });
