import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminBookingDetail, formatCents } from '@cocoa/shared-types';
import { apiFetch, messageOf } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { adminBookingQueryOptions } from './detail';
import { BOOKINGS_KEY } from './key';

/** POST /api/admin/bookings/{id}/refunds/{refundId}/retry: a failed refund asked of Square again; answers the booking as it now is. */
export const retryBookingRefund = (id: number, refundId: string) =>
  apiFetch<AdminBookingDetail>(`/api/admin/bookings/${id}/refunds/${refundId}/retry`, { method: 'POST', body: {} });

export function useRetryBookingRefund(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (refundId: string) => retryBookingRefund(id, refundId),
    onSuccess: (booking, refundId) => {
      client.setQueryData(adminBookingQueryOptions(id).queryKey, booking);
      const refund = booking.payments.find((p) => p.id === refundId);
      if (refund?.status === 'failed')
        errorToast('The refund failed again', booking.events.at(-1)?.note ?? 'Make it in the Square Dashboard, or try again later.');
      else toast('Refund sent again', `${formatCents(refund?.amountCents ?? 0)} is on its way back to the customer.`);
      return client.invalidateQueries({ queryKey: BOOKINGS_KEY, predicate: (q) => q.queryKey[2] === 'list' });
    },
    onError: (error) => {
      errorToast('Could not retry the refund', messageOf(error, 'Please try again.'));
      return client.invalidateQueries({ queryKey: adminBookingQueryOptions(id).queryKey });
    },
  });
}
