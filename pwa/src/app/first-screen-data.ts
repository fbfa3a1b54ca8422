import type { QueryClient } from '@tanstack/react-query';
import { FIRST_SCREEN_DATA_ID, FIRST_SCREENS, type FirstScreenData } from '@cocoa/shared-types';
import { shopIdentityQueryOptions } from '../lib/shop-identity';
import { FIRST_SCREEN_PAGES } from './first-screen-pages';

const PAGES: ReadonlySet<string> = new Set(Object.keys(FIRST_SCREENS));

/**
 * Puts a first screen's answers in the query cache under the keys the pages' hooks use. The server
 * renders its first screen from a cache seeded by this (pwa/src/server/first-screens.tsx) and the
 * app seeds its own from the page's data block before its first render: both render the same.
 */
export function seedFirstScreen(client: QueryClient, data: FirstScreenData): void {
  // Each page's seeder takes that page's data, which `data.page` says this is.
  const seed = FIRST_SCREEN_PAGES[data.page].seed as (client: QueryClient, data: FirstScreenData) => void;
  seed(client, data);
  // The header and footer's shop (GET /api/shop), sent with every first screen.
  if (data.shop) client.setQueryData(shopIdentityQueryOptions.queryKey, data.shop);
}

/**
 * Seeds `client` from the first screen's data block the API writes into a page (shared-types'
 * FIRST_SCREEN_DATA_ID), if the page has a readable one for `page`, and returns that data (null
 * if none). The service worker's precached shell carries none: then the persisted cache and the
 * network answer, as before. Being newer, seeded data wins over the persisted copy when that is restored.
 */
export function seedFirstScreenFromPage(client: QueryClient, page: FirstScreenData['page'], doc: Document = document): FirstScreenData | null {
  const text = doc.getElementById(FIRST_SCREEN_DATA_ID)?.textContent;
  if (!text) return null;
  let data: FirstScreenData;
  try {
    data = JSON.parse(text) as FirstScreenData;
  } catch (error) {
    console.error('Ignoring an unreadable first-screen data block', error);
    return null;
  }
  if (!readable(data) || data.page !== page) return null;
  seedFirstScreen(client, data);
  return data;
}

/** The lists, the product and the stop are there (a block from an older or broken server is ignored). */
function readable(data: FirstScreenData): boolean {
  if (typeof data !== 'object' || data === null || !PAGES.has(data.page)) return false;
  switch (data.page) {
    case 'home':
      return Array.isArray(data.featured) && Array.isArray(data.categories) && Array.isArray(data.testimonials);
    case 'products':
      return Array.isArray(data.products) && Array.isArray(data.categories);
    case 'product':
      return typeof data.product?.slug === 'string' && Array.isArray(data.categories);
    case 'tracker':
      return stopsReadable(data) && Array.isArray(data.monthEvents) && Array.isArray(data.events) && isObject(data.mapConfig);
    case 'events':
      return (
        stopsReadable(data) && Array.isArray(data.categories) && Array.isArray(data.upcoming) && Array.isArray(data.packages) && isObject(data.availability)
      );
    case 'stop':
      return (
        typeof data.stopId === 'number' &&
        isObject(data.stop) &&
        Array.isArray(data.menu) &&
        Array.isArray(data.slots) &&
        typeof data.open === 'boolean' &&
        typeof data.timeZone === 'string'
      );
  }
}

const isObject = (value: unknown) => typeof value === 'object' && value !== null;

/** The stops' zone, the shop's today, when they were read and the cart's state. */
const stopsReadable = (data: Extract<FirstScreenData, { page: 'tracker' | 'events' }>) =>
  typeof data.timeZone === 'string' && typeof data.today === 'string' && typeof data.fetchedAt === 'string' && isObject(data.live);
