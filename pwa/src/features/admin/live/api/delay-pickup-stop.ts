import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PickupDelay } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { PICKUP_QUEUE_KEY } from './pickup-key';

/** What a delay answers: how many open orders moved, and by how much. */
interface PickupDelayResult {
  delayed: number;
  minutes: number;
}

/** "4 orders moved by 10 minutes" */
export const delayedText = ({ delayed, minutes }: PickupDelayResult) => `${delayed} ${delayed === 1 ? 'order' : 'orders'} moved by ${minutes} minutes`;

/**
 * POST /api/admin/stops/{id}/pickup-delay: every open order of the stop moves by 5, 10 or 15
 * minutes and each customer is told. Sent at once, never kept on the tablet: a delay told late is
 * no use to the customer.
 */
export function useDelayPickupStop(stopId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (minutes: PickupDelay) =>
      apiFetch<PickupDelayResult>(`/api/admin/stops/${encodeURIComponent(stopId)}/pickup-delay`, { method: 'POST', body: { minutes } }),
    onSuccess: (result) => {
      toast('Orders delayed', `${delayedText(result)}; each customer is told.`);
      return client.invalidateQueries({ queryKey: PICKUP_QUEUE_KEY });
    },
    onError: (error) => errorToast('Could not delay the orders', messageOf(error, 'Please try again.')),
  });
}
