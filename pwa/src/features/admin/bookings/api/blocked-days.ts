import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockedDay } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { BOOKINGS_KEY } from './key';

/** POST /api/admin/booking/blocked-days and DELETE …/{date}: no new request can pick a blocked day. */
export function useBlockDay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ date, block, note }: { date: string; block: boolean; note?: string }): Promise<void> => {
      if (block) await apiFetch<BlockedDay>('/api/admin/booking/blocked-days', { method: 'POST', body: { date, note: note || null } });
      else await apiFetch<void>(`/api/admin/booking/blocked-days/${date}`, { method: 'DELETE' });
    },
    onSuccess: (_answer, { block }) => {
      toast(block ? 'Day blocked' : 'Day unblocked', block ? 'No new booking request can choose it.' : 'Customers can ask for it again.');
      return client.invalidateQueries({ queryKey: [...BOOKINGS_KEY, 'month'] });
    },
    onError: (error) => errorToast('Could not change the day', messageOf(error, 'Please try again.')),
  });
}
