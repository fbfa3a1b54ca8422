import { useQueryClient } from '@tanstack/react-query';
import { type AdminOrderDetail, FULFILMENT_ADMIN_LABELS, type FulfilmentMoveInput } from '@cocoa/shared-types';
import type { QUEUED } from '../../../../lib/outbox';
import { ownerChangeLabel, sendOrQueue } from '../../shared/api/change-queue';
import { adminOrderQueryOptions } from './detail';
import { useOrderChange } from './order-change';

/**
 * POST /api/admin/orders/{id}/fulfilment, through the tablet's offline queue (change-queue.ts).
 * `number`: the order's number for the queue's label where the detail is not loaded (a list row).
 */
export const useMoveFulfilment = (id: string, number?: string) => {
  const client = useQueryClient();
  return useOrderChange(
    id,
    (body: FulfilmentMoveInput) => {
      const orderNumber = number ?? client.getQueryData(adminOrderQueryOptions(id).queryKey)?.number ?? '?';
      const change = { kind: 'order-fulfilment' as const, orderId: id, orderNumber, body };
      return sendOrQueue(change, ownerChangeLabel(change)) as Promise<AdminOrderDetail | typeof QUEUED>;
    },
    (order, body) => [
      `Order #${order.number}: ${FULFILMENT_ADMIN_LABELS[body.to]}`,
      body.to === 'packed' ? 'Ready for the carrier.' : 'The customer has been e-mailed.',
    ],
    'Could not update the order',
  );
};
