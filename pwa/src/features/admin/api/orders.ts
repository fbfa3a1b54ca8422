import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminOrderDetail, type AdminOrdersPage, type AdminOrdersQueryInput, type CancelOrderInput, FULFILMENT_ADMIN_LABELS, type FulfilmentMoveInput, type RefundOrderInput } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../lib/api-fetch';
import { QUEUED, QUEUED_TOAST } from '../../../lib/outbox';
import { errorToast, toast } from '../../../ui/toast-store';
import { adminGet } from './admin-get';
import { ownerChangeLabel, sendOrQueue } from './change-queue';

/** The list's query as the tab keeps it: every filter optional, empty ones left out of the URL. */
export type OrdersFilter = Partial<Record<keyof AdminOrdersQueryInput, string | number>>;

export function ordersSearch(filter: OrdersFilter): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/admin/orders: a page, newest first, with the total count. */
export const fetchAdminOrders = (filter: OrdersFilter, signal?: AbortSignal) => adminGet<AdminOrdersPage>(`/api/admin/orders${ordersSearch(filter)}`, signal);

const ORDERS_KEY = ['admin', 'orders'] as const;

export const adminOrdersQueryOptions = (filter: OrdersFilter) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'list', filter] as const,
    queryFn: ({ signal }) => fetchAdminOrders(filter, signal),
    staleTime: 0,
    // A new page or filter keeps the rows on screen until its answer comes (no flash to empty).
    placeholderData: keepPreviousData,
  });

export const useAdminOrders = (filter: OrdersFilter) => useQuery(adminOrdersQueryOptions(filter));

/** GET /api/admin/orders/{id}: lines, totals, address, payment, refunds and timeline. */
export const fetchAdminOrder = (id: string, signal?: AbortSignal) => adminGet<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(id)}`, signal);

export const adminOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'detail', id] as const,
    queryFn: ({ signal }) => fetchAdminOrder(id, signal),
    staleTime: 0,
  });

export const useAdminOrder = (id: string) => useQuery(adminOrderQueryOptions(id));

/**
 * Every change answers the order as it now is: the detail is replaced with it and the lists are
 * refreshed (a state or a refund shows there too). A move kept on the tablet to send later
 * (change-queue.ts) answers QUEUED: the order shows as it was until the move is made.
 */
function useOrderChange<TInput>(id: string, send: (input: TInput) => Promise<AdminOrderDetail | typeof QUEUED>, done: (order: AdminOrderDetail, input: TInput) => [string, string], failedTitle: string) {
  const client = useQueryClient();
  return useMutation({
    // Run offline too: the change is then kept on the tablet (change-queue.ts) rather than paused.
    networkMode: 'always',
    mutationFn: send,
    onSuccess: (order, input) => {
      if (order === QUEUED) return toast(QUEUED_TOAST.title, QUEUED_TOAST.description);
      client.setQueryData(adminOrderQueryOptions(id).queryKey, order);
      toast(...done(order, input));
      return client.invalidateQueries({ queryKey: [...ORDERS_KEY, 'list'] });
    },
    onError: (error) => {
      errorToast(failedTitle, messageOf(error, 'Please try again.'));
      // The order may have moved meanwhile (another tablet): show it as it is.
      return client.invalidateQueries({ queryKey: adminOrderQueryOptions(id).queryKey });
    },
  });
}

/** POST /api/admin/orders/{id}/fulfilment, through the tablet's offline queue (change-queue.ts). */
export const useMoveFulfilment = (id: string) => {
  const client = useQueryClient();
  return useOrderChange(
    id,
    (body: FulfilmentMoveInput) => {
      const orderNumber = client.getQueryData(adminOrderQueryOptions(id).queryKey)?.number ?? '?';
      const change = { kind: 'order-fulfilment' as const, orderId: id, orderNumber, body };
      return sendOrQueue(change, ownerChangeLabel(change)) as Promise<AdminOrderDetail | typeof QUEUED>;
    },
    (order, body) => [`Order #${order.number}: ${FULFILMENT_ADMIN_LABELS[body.to]}`, body.to === 'packed' ? 'Ready for the carrier.' : 'The customer has been e-mailed.'],
    'Could not update the order',
  );
};

/** POST /api/admin/orders/{id}/cancel */
export const cancelOrder = (id: string, body: CancelOrderInput) => apiFetch<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(id)}/cancel`, { method: 'POST', body });

export const useCancelOrder = (id: string) =>
  useOrderChange(id, (body: CancelOrderInput) => cancelOrder(id, body), (order) => [`Order #${order.number} cancelled`, 'The customer has been e-mailed.'], 'Could not cancel the order');

/** POST /api/admin/orders/{id}/refunds */
export const refundOrder = (id: string, body: RefundOrderInput) => apiFetch<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(id)}/refunds`, { method: 'POST', body });

export const useRefundOrder = (id: string) =>
  useOrderChange(id, (body: RefundOrderInput) => refundOrder(id, body), (order) => [`Refund made for order #${order.number}`, 'The customer has been e-mailed.'], 'Refund failed');

/** POST /api/admin/orders/{id}/refunds/{refundId}/retry: a refund Square never answered. */
export const retryRefund = (id: string, refundId: string) =>
  apiFetch<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(id)}/refunds/${encodeURIComponent(refundId)}/retry`, { method: 'POST', body: {} });

export const useRetryRefund = (id: string) =>
  useOrderChange(id, (refundId: string) => retryRefund(id, refundId), (order) => [`Refund checked for order #${order.number}`, 'Square has answered.'], 'Refund still not answered');
