/**
 * The server's first screens (api/src/static-shell.ts, pwa/src/server/first-screens.tsx): the
 * API renders a public route's page with the PWA's own components from these answers and writes
 * them into the HTML as a JSON data block with this id, so the app's first render seeds its query
 * cache with exactly what the server painted and needs no API round trip. Each holds what the
 * page's public API calls answer at that moment.
 */
import type { BookingAvailability, BookingPackage } from './schemas/booking.schema';
import type { MapConfig } from './schemas/calendar.schema';
import type { Category, Product, Testimonial } from './schemas/catalogue.schema';
import type { ScheduledEvent } from './schemas/events.schema';
import type { LiveState } from './schemas/live.schema';

export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/** What GET /api/square/catalog/products and /categories answer. */
export interface CatalogueFirstScreenData {
  products: Product[];
  categories: Category[];
}

/**
 * The stops as the tracker and the events page ask for them. `today` ('YYYY-MM-DD') is the shop's
 * day, in `timeZone` (the shop's): the server renders as a visitor in the shop's zone sees it.
 */
interface StopsFirstScreen {
  timeZone: string;
  today: string;
  /** When the server read them (ISO): the tracker's 'Last updated'. */
  fetchedAt: string;
  /** GET /api/live: the cart then (its stream says what changed since). */
  live: LiveState;
}

export type FirstScreenData =
  /** The home page: GET /api/products/featured, GET /api/categories and GET /api/square/testimonials/featured. */
  | { page: 'home'; featured: Product[]; categories: Category[]; testimonials: Testimonial[] }
  | ({ page: 'products' } & CatalogueFirstScreenData)
  /** A product page: the product and the catalogue's categories (its breadcrumb). */
  | { page: 'product'; product: Product; categories: Category[] }
  /** GET /api/events for today's month, GET /api/events (this month on) and GET /api/events/map-config. */
  | ({ page: 'tracker'; monthEvents: ScheduledEvent[]; events: ScheduledEvent[]; mapConfig: MapConfig } & StopsFirstScreen)
  /**
   * GET /api/categories, GET /api/events?from={today}, and the booking form's GET
   * /api/booking/packages and GET /api/booking/availability?month={today's month}.
   */
  | ({ page: 'events'; categories: Category[]; upcoming: ScheduledEvent[]; packages: BookingPackage[]; availability: BookingAvailability } & StopsFirstScreen);

export type FirstScreenPage = FirstScreenData['page'];

/** The first screens that show days and times in the visitor's zone (the stops): the app formats dates as it starts there. */
export const DATED_FIRST_SCREENS: ReadonlySet<FirstScreenPage> = new Set<FirstScreenPage>(['tracker', 'events']);

/**
 * The public route a path lands on, if the server paints a first screen for it (matched as the
 * router matches: case-insensitive, trailing slashes allowed); a product page with its slug.
 */
export function firstScreenRoute(pathname: string): { page: FirstScreenPage; slug?: string } | null {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  if (path === '') return { page: 'home' };
  if (path === '/products') return { page: 'products' };
  if (path === '/cocoa-tracker') return { page: 'tracker' };
  if (path === '/events') return { page: 'events' };
  const product = /^\/products\/([^/]+)$/i.exec(pathname.replace(/\/+$/, ''));
  if (!product) return null;
  try {
    return { page: 'product', slug: decodeURIComponent(product[1]) };
  } catch {
    return { page: 'product', slug: product[1] }; // not a slug any product has ('%E0'): a 404
  }
}
