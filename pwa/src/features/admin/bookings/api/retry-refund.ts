import { type AdminBookingDetail, formatCents } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { errorToast, toast } from '../../../../ui/toast-store';
import { useBookingChange } from './booking-change';

/** POST /api/admin/bookings/{id}/refunds/{refundId}/retry: a failed refund asked of Square again; answers the booking as it now is. */
export const retryBookingRefund = (id: number, refundId: string) =>
  apiFetch<AdminBookingDetail>(`/api/admin/bookings/${id}/refunds/${refundId}/retry`, { method: 'POST', body: {} });

export const useRetryBookingRefund = (id: number) =>
  useBookingChange(id, {
    mutationFn: (refundId: string) => retryBookingRefund(id, refundId),
    done: (booking, refundId) => {
      const refund = booking.payments.find((p) => p.id === refundId);
      if (refund?.status === 'failed')
        errorToast('The refund failed again', booking.events.at(-1)?.note ?? 'Make it in the Square Dashboard, or try again later.');
      else toast('Refund sent again', `${formatCents(refund?.amountCents ?? 0)} is on its way back to the customer.`);
    },
    refreshes: (key) => key[2] === 'list',
    failed: 'Could not retry the refund',
  });
