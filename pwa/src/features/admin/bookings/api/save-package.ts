import type { BookingPackage, BookingPackageInput } from '@cocoa/shared-types';
import { bookingPackagesQueryOptions } from '../../../bookings';
import { saveListItem, useOwnerChange } from '../../api/owner-api';
import { adminPackagesQueryOptions } from './packages';

/** POST /api/admin/booking/packages or PUT …/{id}; the customers' list is refreshed too. */
export const useSavePackage = () =>
  useOwnerChange({
    mutationFn: saveListItem<BookingPackageInput, BookingPackage>('/api/admin/booking/packages'),
    done: (saved, { id }) => [
      id ? 'Package saved' : 'Package added',
      saved.active ? `${saved.name} is offered to customers.` : `${saved.name} is hidden from customers.`,
    ],
    failed: ['Could not save the package', 'Please try again.'],
    refresh: (client) =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminPackagesQueryOptions.queryKey }),
        client.invalidateQueries({ queryKey: bookingPackagesQueryOptions.queryKey }),
      ]),
  });
