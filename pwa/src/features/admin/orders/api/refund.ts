import type { AdminOrderDetail, RefundOrderInput } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { useOrderChange } from './order-change';

/** POST /api/admin/orders/{id}/refunds */
export const refundOrder = (id: string, body: RefundOrderInput) =>
  apiFetch<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(id)}/refunds`, { method: 'POST', body });

export const useRefundOrder = (id: string) =>
  useOrderChange(
    id,
    (body: RefundOrderInput) => refundOrder(id, body),
    (order) => [`Refund made for order #${order.number}`, 'The customer has been e-mailed.'],
    'Refund failed',
  );
