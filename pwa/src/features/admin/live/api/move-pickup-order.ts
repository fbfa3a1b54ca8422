import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PICKUP_STATUS_LABELS, type PickupQueueOrder, type PickupStatus } from '@cocoa/shared-types';
import { messageOf } from '../../../../lib/api-fetch';
import { QUEUED, QUEUED_TOAST } from '../../../../lib/outbox';
import { errorToast, toast } from '../../../../ui/toast-store';
import { ownerChangeLabel, sendOrQueue } from '../../shared/api/change-queue';
import { PICKUP_QUEUE_KEY } from './pickup-key';
import { type QueueOrder, queueOrderOf } from './pickup-orders';

interface PickupMove {
  order: Pick<QueueOrder, 'id' | 'code'>;
  to: PickupStatus;
  /** A cancel's reason, said to the customer. */
  reason?: string;
}

/**
 * POST /api/admin/pickup/orders/{id}/move, through the tablet's offline queue (change-queue.ts):
 * the answer replaces the order in the queue; a move kept on the tablet shows as made meanwhile
 * (usePickupQueue). A refusal (409: it moved meanwhile, on another tablet) is toasted and the queue
 * asked again.
 */
export function useMovePickupOrder() {
  const client = useQueryClient();
  return useMutation({
    // Run offline too: the move is then kept on the tablet rather than paused.
    networkMode: 'always',
    mutationFn: ({ order, to, reason }: PickupMove) => {
      const change = { kind: 'pickup-move' as const, orderId: order.id, code: order.code, body: reason?.trim() ? { to, reason: reason.trim() } : { to } };
      return sendOrQueue(change, ownerChangeLabel(change)) as Promise<PickupQueueOrder | typeof QUEUED>;
    },
    onSuccess: async (answer) => {
      if (answer === QUEUED) return toast(QUEUED_TOAST.title, QUEUED_TOAST.description);
      // A poll on its way may have left before the move: its answer would put the order back.
      await client.cancelQueries({ queryKey: PICKUP_QUEUE_KEY });
      client.setQueriesData<QueueOrder[]>({ queryKey: PICKUP_QUEUE_KEY }, (orders) =>
        orders?.map((order) => (order.id === answer.id ? queueOrderOf(answer) : order)),
      );
      toast(`Order ${answer.code}: ${PICKUP_STATUS_LABELS[answer.status]}`, answer.status === 'cancelled' ? 'The customer is refunded and told.' : undefined);
    },
    onError: (error) => {
      errorToast('Could not update the order', messageOf(error, 'Please try again.'));
      return client.invalidateQueries({ queryKey: PICKUP_QUEUE_KEY });
    },
  });
}
