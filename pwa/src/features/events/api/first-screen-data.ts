import type { QueryClient } from '@tanstack/react-query';
import type { FirstScreenData } from '@cocoa/shared-types';
import { upcomingEventsQueryOptions } from './upcoming-events';

/** The events page's next stops (see the catalogue's seedCatalogueFirstScreen), under the key of the shop's today. */
export function seedEventsFirstScreen(client: QueryClient, data: FirstScreenData): void {
  if (data.page !== 'events') return;
  client.setQueryData(upcomingEventsQueryOptions(data.today).queryKey, data.upcoming);
}
