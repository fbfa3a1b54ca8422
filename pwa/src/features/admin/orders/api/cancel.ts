import type { AdminOrderDetail, CancelOrderInput } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { useOrderChange } from './order-change';

/** POST /api/admin/orders/{id}/cancel */
export const cancelOrder = (id: string, body: CancelOrderInput) =>
  apiFetch<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(id)}/cancel`, { method: 'POST', body });

export const useCancelOrder = (id: string) =>
  useOrderChange(
    id,
    (body: CancelOrderInput) => cancelOrder(id, body),
    (order) => [`Order #${order.number} cancelled`, 'The customer has been e-mailed.'],
    'Could not cancel the order',
  );
