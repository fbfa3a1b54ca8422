import type { QueryClient } from '@tanstack/react-query';
import type { FirstScreenData } from '@cocoa/shared-types';
import { eventsQueryOptions } from '../../events';
import { monthEventsQueryOptions } from './month-events';

/** The tracker's stops (see the catalogue's seedCatalogueFirstScreen): the shop's month and GET /api/events. */
export function seedTrackerFirstScreen(client: QueryClient, data: FirstScreenData): void {
  if (data.page !== 'tracker') return;
  client.setQueryData(monthEventsQueryOptions(data.today.slice(0, 7)).queryKey, { events: data.monthEvents, fetchedAt: data.fetchedAt });
  client.setQueryData(eventsQueryOptions.queryKey, data.events);
}
