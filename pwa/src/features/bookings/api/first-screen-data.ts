import type { QueryClient } from '@tanstack/react-query';
import type { FirstScreenData } from '@cocoa/shared-types';
import { availabilityQueryOptions } from './availability';
import { bookingPackagesQueryOptions } from './packages';

/** The booking form's packages and the open days of the shop's month, from /events' data block (see the catalogue's seedCatalogueFirstScreen). */
export function seedBookingFirstScreen(client: QueryClient, data: FirstScreenData): void {
  if (data.page !== 'events') return;
  client.setQueryData(bookingPackagesQueryOptions.queryKey, data.packages);
  client.setQueryData(availabilityQueryOptions(data.today.slice(0, 7)).queryKey, data.availability);
}
