import type { CancelOrderInput } from '@cocoa/shared-types';
import { postToOrder, useOrderChange } from './order-change';

/** POST /api/admin/orders/{id}/cancel */
export const useCancelOrder = (id: string) =>
  useOrderChange(
    id,
    (body: CancelOrderInput) => postToOrder(id, 'cancel', body),
    (order) => [`Order #${order.number} cancelled`, 'The customer has been e-mailed.'],
    'Could not cancel the order',
  );
