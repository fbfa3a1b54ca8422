import { postToOrder, useOrderChange } from './order-change';

/** POST /api/admin/orders/{id}/refunds/{refundId}/retry: a refund Square never answered. */
export const useRetryRefund = (id: string) =>
  useOrderChange(
    id,
    (refundId: string) => postToOrder(id, `refunds/${encodeURIComponent(refundId)}/retry`),
    (order) => [`Refund checked for order #${order.number}`, 'Square has answered.'],
    'Refund still not answered',
  );
