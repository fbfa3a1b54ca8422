import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { FirstScreenDataOf, FirstScreenPage } from '@cocoa/shared-types';
// The seeders by their own files, not the features' index: the start-up chunk takes these only.
import { seedBookingFirstScreen } from '../features/bookings/api/first-screen-data';
import { seedCatalogueFirstScreen } from '../features/catalogue/api/first-screen-data';
import { seedEventsFirstScreen } from '../features/events/api/first-screen-data';
import { seedLiveFirstScreen } from '../features/live/api/live-snapshot';
import { seedStopFirstScreen } from '../features/order-ahead/api/first-screen-data';
import { seedTrackerFirstScreen } from '../features/tracker/api/first-screen-data';
// The home page is the usual first screen: part of the start-up chunk, no extra round trip.
import HomePage from '../features/content/pages/home-page';

/** A first screen's page module: its component, and the calls its first render makes, to start before that render. */
export interface LandingPageModule {
  default: ComponentType;
  /** Makes the calls the page makes as it mounts; resolves when they are answered (or failed). */
  prefetchPageData?: (client: QueryClient) => Promise<void>;
}

interface FirstScreenEntry<P extends FirstScreenPage> {
  /**
   * The page's module: in the start-up chunk (the home page) or loaded by its own path, its own
   * chunk (the router's lazy route). The PWA's build lists the stylesheets of the chunk it is in
   * for the API (vite.config.ts), so the server's first screen carries them.
   */
  page: LandingPageModule | (() => Promise<LandingPageModule>);
  /** Puts the page's answers in the query cache under the keys its hooks use (seedFirstScreen). */
  seed: (client: QueryClient, data: FirstScreenDataOf<P>) => void;
}

/** A page module and a seeder for every page of shared-types' FIRST_SCREENS. */
export type FirstScreenPagesTable = { [P in FirstScreenPage]: FirstScreenEntry<P> };

/**
 * The PWA's side of each server-rendered first screen (shared-types' FIRST_SCREENS): its page
 * module and its seeder. A page missing here fails type-checking, and the build.
 */
export const FIRST_SCREEN_PAGES = {
  home: { page: { default: HomePage }, seed: seedCatalogueFirstScreen },
  products: { page: () => import('../features/catalogue/pages/products-page'), seed: seedCatalogueFirstScreen },
  product: { page: () => import('../features/catalogue/pages/product-detail-page'), seed: seedCatalogueFirstScreen },
  // These two also start their mount-time calls when landed on (preloadLandingPage).
  tracker: {
    page: () => import('../features/tracker/pages/cocoa-tracker-page').then(({ default: page, prefetchPageData }) => ({ default: page, prefetchPageData })),
    seed: (client, data) => {
      seedTrackerFirstScreen(client, data);
      seedLiveFirstScreen(client, data);
    },
  },
  events: {
    page: () => import('../features/events/pages/events-page').then(({ default: page, prefetchPageData }) => ({ default: page, prefetchPageData })),
    seed: (client, data) => {
      seedCatalogueFirstScreen(client, data);
      seedEventsFirstScreen(client, data);
      seedLiveFirstScreen(client, data);
      seedBookingFirstScreen(client, data);
    },
  },
  stop: { page: () => import('../features/order-ahead/pages/stop-page'), seed: seedStopFirstScreen },
} satisfies FirstScreenPagesTable;
