import { useMutation } from '@tanstack/react-query';
import type { StopPickup } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { toast } from '../../../../ui/toast-store';
import { useInvalidateEvents } from './events';

/** PUT /api/stops/{id}/orders-ahead: whether customers may order ahead for pickup at this stop. */
export function useSaveOrdersAhead() {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: ({ id, takesOrders }: { id: number; title: string; takesOrders: boolean }) =>
      apiFetch<StopPickup>(`/api/stops/${id}/orders-ahead`, { method: 'PUT', body: { takesOrders } }),
    onSuccess: (pickup, { title, takesOrders }) => {
      void invalidate();
      if (!takesOrders) toast(`${title} takes no orders ahead`, 'Orders already placed stay as they are.');
      else if (pickup.open) toast(`${title} takes orders ahead`, `Customers can pick from ${pickup.slots.length} pickup times.`);
      else toast(`${title} takes orders ahead`, `Customers cannot order yet: ${pickup.reason ?? ''}`);
    },
  });
}
