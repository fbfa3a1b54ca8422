import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingPackage, BookingPackageInput } from '@cocoa/shared-types';
import { apiFetch } from '../../../../lib/api-fetch';
import { toast } from '../../../../ui/toast-store';
import { bookingPackagesQueryOptions } from '../../../bookings';
import { adminPackagesQueryOptions } from './packages';

/** POST /api/admin/booking/packages or PUT …/{id}; the customers' list is refreshed too. */
export function useSavePackage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: BookingPackageInput }) =>
      id
        ? apiFetch<BookingPackage>(`/api/admin/booking/packages/${id}`, { method: 'PUT', body })
        : apiFetch<BookingPackage>('/api/admin/booking/packages', { method: 'POST', body }),
    onSuccess: (saved, { id }) => {
      toast(id ? 'Package saved' : 'Package added', saved.active ? `${saved.name} is offered to customers.` : `${saved.name} is hidden from customers.`);
      return Promise.all([
        client.invalidateQueries({ queryKey: adminPackagesQueryOptions.queryKey }),
        client.invalidateQueries({ queryKey: bookingPackagesQueryOptions.queryKey }),
      ]);
    },
  });
}
