import type { AdminOrderDetail } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { useOrderChange } from './order-change';

/** POST /api/admin/orders/{id}/refunds/{refundId}/retry: a refund Square never answered. */
export const retryRefund = (id: string, refundId: string) =>
  apiFetch<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(id)}/refunds/${encodeURIComponent(refundId)}/retry`, { method: 'POST', body: {} });

export const useRetryRefund = (id: string) =>
  useOrderChange(
    id,
    (refundId: string) => retryRefund(id, refundId),
    (order) => [`Refund checked for order #${order.number}`, 'Square has answered.'],
    'Refund still not answered',
  );
