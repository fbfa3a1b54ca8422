import type { QueryClient } from '@tanstack/react-query';
import type { FirstScreenData } from '@cocoa/shared-types';
import { eventsQueryOptions } from '../../events';
import { mapConfigQueryOptions } from './map-config';
import { monthEventsQueryOptions } from './month-events';

/** The tracker's stops (see the catalogue's seedCatalogueFirstScreen): the shop's month and GET /api/events; and its map's tiles. */
export function seedTrackerFirstScreen(client: QueryClient, data: FirstScreenData): void {
  if (data.page !== 'tracker') return;
  client.setQueryData(monthEventsQueryOptions(data.today.slice(0, 7)).queryKey, { events: data.monthEvents, fetchedAt: data.fetchedAt });
  client.setQueryData(eventsQueryOptions.queryKey, data.events);
  client.setQueryData(mapConfigQueryOptions.queryKey, data.mapConfig);
}
