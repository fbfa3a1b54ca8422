import type { QueryClient } from '@tanstack/react-query';
import type { FirstScreenData } from '@cocoa/shared-types';
import { seedStopPickup } from './stop-pickup';

/** A stop's page (see the catalogue's seedCatalogueFirstScreen): GET /api/stops/{id}/pickup as the server read it for this visit. */
export function seedStopFirstScreen(client: QueryClient, data: FirstScreenData): void {
  if (data.page !== 'stop') return;
  const { page: _page, ...pickup } = data;
  seedStopPickup(client, pickup);
}
