import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetail } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { QUEUED, QUEUED_TOAST } from '../../../../lib/outbox';
import { errorToast, toast } from '../../../../ui/toast-store';
import { adminOrderQueryOptions } from './detail';
import { ORDERS_LIST_KEY } from './list';

/** POST /api/admin/orders/{id}/{action}: every such call answers the order as it now is. */
export const postToOrder = (id: string, action: string, body: unknown = {}) =>
  apiFetch<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(id)}/${action}`, { method: 'POST', body });

/**
 * Every change answers the order as it now is: the detail is replaced with it and the lists are
 * refreshed (a state or a refund shows there too). A move kept on the tablet to send later
 * (change-queue.ts) answers QUEUED: the order shows as it was until the move is made.
 */
export function useOrderChange<TInput>(
  id: string,
  send: (input: TInput) => Promise<AdminOrderDetail | typeof QUEUED>,
  done: (order: AdminOrderDetail, input: TInput) => [string, string],
  failedTitle: string,
) {
  const client = useQueryClient();
  return useMutation({
    // Run offline too: the change is then kept on the tablet (change-queue.ts) rather than paused.
    networkMode: 'always',
    mutationFn: send,
    onSuccess: (order, input) => {
      if (order === QUEUED) return toast(QUEUED_TOAST.title, QUEUED_TOAST.description);
      client.setQueryData(adminOrderQueryOptions(id).queryKey, order);
      toast(...done(order, input));
      return client.invalidateQueries({ queryKey: ORDERS_LIST_KEY });
    },
    onError: (error) => {
      errorToast(failedTitle, messageOf(error, 'Please try again.'));
      // The order may have moved meanwhile (another tablet): show it as it is.
      return client.invalidateQueries({ queryKey: adminOrderQueryOptions(id).queryKey });
    },
  });
}
