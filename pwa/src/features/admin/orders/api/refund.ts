import type { RefundOrderInput } from '@cocoa/shared-types';
import { postToOrder, useOrderChange } from './order-change';

/** POST /api/admin/orders/{id}/refunds */
export const useRefundOrder = (id: string) =>
  useOrderChange(
    id,
    (body: RefundOrderInput) => postToOrder(id, 'refunds', body),
    (order) => [`Refund made for order #${order.number}`, 'The customer has been e-mailed.'],
    'Refund failed',
  );
